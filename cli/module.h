// Command groups in a shared module that the program loads (dlopen) only when the command
// line needs them. `puzzlesat` keeps its OpenCV commands in two (the photo and screenshot
// readers and `yahtzee dice` in one, `serve` in the other): a process that does not ask for
// them never loads OpenCV (docs/performance.md, "Start-up"). Private to the puzzlesat program; plugins do not use it.
//
// The program declares what the module holds, so it can list and choose without loading it:
//
//   const CommandModule serve_module{"puzzlesat_serve.so", "the web server commands", {"lib/puzzlesat"}};
//   const ModuleGroup serve_in_module{serve_module, "serve", "Web pages …"};       // a top-level group
//   const ModuleGroup dice_in_module{vision_module, yahtzee_group, {"advise"}};    // extends yahtzee
//
// The module's own sources define ordinary CommandGroup objects (<puzzlesat/plugin.h>); they
// register when the module is loaded, and the registry then builds them like any other.
// An extension may add new commands to its parent (found when the command word is not one
// of the parent's own) and change existing ones: those it changes are listed, so that
// `yahtzee advise` loads the module that adds `advise --photo`.
#pragma once

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <puzzlesat/plugin.h>

namespace puzzlesat::cli {

// A module that cannot be found or loaded: `NAME: error: …`, exit code 2.
class ModuleError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class CommandModule {
 public:
  // `file` is looked for in each of `dirs`, relative to the program's own directory
  // (/proc/self/exe), in order: e.g. "lib/puzzlesat" in the build tree and
  // "../lib/puzzlesat" once installed. `what` names it in errors.
  CommandModule(const char* file, const char* what, std::initializer_list<const char*> dirs);
  CommandModule(const CommandModule&) = delete;
  CommandModule& operator=(const CommandModule&) = delete;

  // Loads the module once (its command groups register themselves); throws ModuleError.
  void load() const;
  bool loaded() const { return loaded_; }
  const char* what() const { return what_; }

 private:
  const char* file_;
  const char* what_;
  std::vector<const char*> dirs_;
  mutable bool loaded_ = false;
};

// What the program knows of a module without loading it.
class ModuleGroup {
 public:
  // A top-level group the module defines (its description is the one --help lists).
  ModuleGroup(const CommandModule& module, const char* name, const char* description);
  // The module extends `parent`: it may add commands, and it changes the listed ones.
  ModuleGroup(const CommandModule& module, const CommandGroup& parent, std::initializer_list<std::string_view> changes);
  ModuleGroup(const ModuleGroup&) = delete;
  ModuleGroup& operator=(const ModuleGroup&) = delete;

  const CommandModule& module() const { return module_; }
  const char* name() const { return name_; }
  const char* description() const { return description_; }
  const CommandGroup* parent() const { return parent_; }
  bool changes(std::string_view command) const;

 private:
  const CommandModule& module_;
  const char* name_;
  const char* description_;
  const CommandGroup* parent_;
  std::vector<std::string_view> changes_;
};

// Every declared module group, in registration order.
const std::vector<const ModuleGroup*>& module_groups();

}  // namespace puzzlesat::cli
