// Loading command modules (cli/module.h).
#include "cli/module.h"

#include <dlfcn.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace puzzlesat::cli {

namespace {

std::vector<const ModuleGroup*>& declared() {
  static std::vector<const ModuleGroup*> list;
  return list;
}

}  // namespace

CommandModule::CommandModule(const char* file, const char* what, std::initializer_list<const char*> dirs)
    : file_(file), what_(what), dirs_(dirs) {}

void CommandModule::load() const {
  if (loaded_) return;
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path program = fs::read_symlink("/proc/self/exe", ec);
  if (ec) throw ModuleError(std::string("cannot load ") + what_ + ": cannot find the program's directory (" + ec.message() + ")");
  std::string looked;
  for (const char* dir : dirs_) {
    const fs::path path = (program.parent_path() / dir / file_).lexically_normal();
    if (!fs::exists(path, ec)) {
      looked += (looked.empty() ? "" : ", ") + path.parent_path().string();
      continue;
    }
    // The module is linked with -z now, so a symbol the program lacks is an error here,
    // not a crash later; RTLD_LAZY keeps the libraries it brings (OpenCV) bound lazily, as
    // at start-up (RTLD_NOW would bind all of theirs: +9 M instructions for `set photo`).
    // Never closed: the command tree holds its functions until the process ends.
    if (!dlopen(path.c_str(), RTLD_LAZY | RTLD_LOCAL)) {
      const char* why = dlerror();
      throw ModuleError(std::string("cannot load ") + what_ + ": " + (why ? why : path.string()));
    }
    loaded_ = true;
    return;
  }
  throw ModuleError(std::string(what_) + " are not installed: " + file_ + " is not in " + looked);
}

ModuleGroup::ModuleGroup(const CommandModule& module, const char* name, const char* description)
    : module_(module), name_(name), description_(description), parent_(nullptr) {
  declared().push_back(this);
}

ModuleGroup::ModuleGroup(const CommandModule& module, const CommandGroup& parent,
                         std::initializer_list<std::string_view> changes)
    : module_(module), name_(parent.name()), description_(parent.description()), parent_(&parent), changes_(changes) {
  declared().push_back(this);
}

bool ModuleGroup::changes(std::string_view command) const {
  return std::find(changes_.begin(), changes_.end(), command) != changes_.end();
}

const std::vector<const ModuleGroup*>& module_groups() { return declared(); }

}  // namespace puzzlesat::cli
