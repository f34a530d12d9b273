// The command-group registry and the program around it: groups add themselves during
// static initialisation; run() builds the part of the tree the command line needs (loading
// a module of groups if it must, cli/module.h) and turns errors into one line.
#include <puzzlesat/plugin.h>

#include <puzzlesat/command.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/solver.h>

#include "cli/module.h"

#include <algorithm>
#include <cstring>
#include <iostream>
#include <new>
#include <optional>
#include <memory>
#include <stdexcept>

namespace puzzlesat::cli {

namespace {

// A function-local static, so that registration from any translation unit finds the list
// built whatever the order of static initialisation.
std::vector<const CommandGroup*>& groups() {
  static std::vector<const CommandGroup*> list;
  return list;
}

struct Node {
  CLI::App* app = nullptr;
  std::map<std::type_index, std::any> shared;
};

// Adds `group` (and first its parent) to the tree; each group is added once.
Node& add_group(CLI::App& root, const CommandGroup& group, std::map<const CommandGroup*, Node>& built) {
  if (auto it = built.find(&group); it != built.end()) return it->second;
  Node* node;
  if (group.parent()) {
    Node& parent = add_group(root, *group.parent(), built);
    node = &built[&group];
    node->app = parent.app;
    Commands commands(*parent.app, parent.shared);  // an extension shares its parent's objects
    group.add()(commands);
    return *node;
  }
  node = &built[&group];
  node->app = root.add_subcommand(group.name(), group.description());
  node->app->require_subcommand(1);
  Commands commands(*node->app, node->shared);
  group.add()(commands);
  return *node;
}

}  // namespace

CommandGroup::CommandGroup(const char* name, const char* description, AddCommands add)
    : name_(name), description_(description), parent_(nullptr), add_(add) {
  groups().push_back(this);
}

CommandGroup::CommandGroup(const CommandGroup& parent, AddCommands add)
    : name_(parent.name_), description_(parent.description_), parent_(&parent), add_(add) {
  groups().push_back(this);
}

const std::vector<const CommandGroup*>& registered_groups() { return groups(); }

namespace {

const CommandGroup* top_of(const CommandGroup* g) {
  while (g->parent()) g = g->parent();
  return g;
}

const CommandGroup* find_top(std::string_view name) {
  for (const CommandGroup* g : groups())
    if (!g->parent() && name == g->name()) return g;
  return nullptr;
}

// `top` and every registered extension of it not yet in the tree, in registration order
// (for the program's own groups the order of static initialisation, i.e. link order; a
// module's come after them).
Node& add_with_extensions(CLI::App& root, const CommandGroup& top, std::map<const CommandGroup*, Node>& built) {
  Node& node = add_group(root, top, built);
  for (const CommandGroup* g : groups())
    if (g->parent() && top_of(g) == &top) add_group(root, *g, built);
  return node;
}

// Only what the command line needs is built: the group its first word names, with its
// extensions; a module (cli/module.h) only when that group is in it, or the command may
// be one a module adds or changes. Otherwise (no group named: --help, --version, a bad
// word) every top-level group, sorted by name, with its description and no commands.
// Building every group's options cost more than the rest of a short run (docs/performance.md).
void build_tree(CLI::App& root, std::map<const CommandGroup*, Node>& built, int argc, char** argv) {
  int i = 1;
  while (i < argc && argv[i][0] == '-') ++i;  // the program itself takes only flags (--help, --version)
  const std::string_view word = i < argc ? argv[i] : "";
  const CommandGroup* top = find_top(word);
  if (!top) {
    for (const ModuleGroup* m : module_groups()) {
      if (m->parent() || word != m->name()) continue;
      m->module().load();
      top = find_top(word);
      if (!top) throw ModuleError(std::string(m->module().what()) + " define no group '" + m->name() + "'");
      if (std::strcmp(top->description(), m->description()) != 0)
        throw std::logic_error("the declared description of '" + std::string(m->name()) + "' is not the module's");
      break;
    }
  }
  if (!top) {
    std::vector<std::pair<const char*, const char*>> listed;
    for (const CommandGroup* g : groups())
      if (!g->parent()) listed.emplace_back(g->name(), g->description());
    for (const ModuleGroup* m : module_groups())
      if (!m->parent() && !find_top(m->name())) listed.emplace_back(m->name(), m->description());
    std::stable_sort(listed.begin(), listed.end(), [](const auto& a, const auto& b) { return std::strcmp(a.first, b.first) < 0; });
    for (const auto& [name, description] : listed) root.add_subcommand(name, description)->require_subcommand(1);
    return;
  }
  Node& node = add_with_extensions(root, *top, built);
  // The command word: when it is one of the group's own and no module changes it, no module is needed.
  const std::string next = i + 1 < argc ? argv[i + 1] : "";
  bool own = false;
  if (!next.empty() && next[0] != '-')
    for (CLI::App* s : node.app->get_subcommands({})) own = own || s->check_name(next);
  bool loaded = false;
  for (const ModuleGroup* m : module_groups()) {
    if (!m->parent() || top_of(m->parent()) != top || m->module().loaded()) continue;
    if (own && !m->changes(next)) continue;
    m->module().load();
    loaded = true;
  }
  if (loaded) add_with_extensions(root, *top, built);
}

// When the command line stops at a group (or the program) without naming one of its
// commands: the error that names the bad word and lists the valid ones. CLI11 says only
// "A subcommand is required" or "The following arguments were not expected".
std::optional<std::string> command_word_error(CLI::App& root, int argc, char** argv) {
  CLI::App* at = &root;
  std::string path = root.get_name();
  int i = 1;
  while (i < argc) {
    std::string word = argv[i];
    if (word.rfind("-", 0) == 0) return std::nullopt;  // an option: CLI11's message is the right one
    CLI::App* sub = nullptr;
    for (CLI::App* s : at->get_subcommands({})) {
      if (s->check_name(word)) sub = s;
    }
    if (!sub) break;
    at = sub;
    path += " " + at->get_name();
    ++i;
  }
  std::vector<CLI::App*> commands = at->get_subcommands({});
  if (commands.empty()) return std::nullopt;  // a command's own arguments: CLI11 explains
  std::string list;
  for (CLI::App* s : commands) list += (list.empty() ? "" : ", ") + s->get_name();
  if (i < argc) return "'" + path + "' has no command '" + std::string(argv[i]) + "'; its commands are: " + list;
  return "'" + path + "' needs a command: " + list;
}

}  // namespace

int run(int argc, char** argv, const ProgramInfo& info) {
  CLI::App app{info.description, info.name};
  app.set_version_flag("--version", info.name + " " + (info.version.empty() ? std::string(library_version()) : info.version));
  app.require_subcommand(1);
  std::map<const CommandGroup*, Node> tree;  // the groups' shared objects live as long as this

  set_program_name(info.name);
  const std::string prefix = info.name + ": error: ";
  try {
    build_tree(app, tree, argc, argv);
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version
  } catch (const CLI::ParseError& e) {
    std::cerr << prefix << command_word_error(app, argc, argv).value_or(e.what()) << " (see --help)\n";
    return kExitBadInput;
  } catch (const InputError& e) {
    std::cerr << prefix << e.what() << "\n";
    return kExitBadInput;
  } catch (const ModuleError& e) {
    std::cerr << prefix << e.what() << "\n";
    return kExitBadInput;
  } catch (const std::bad_alloc&) {
    std::cerr << prefix << "out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << prefix << e.what() << "\n";
    return 1;
  }
  return exit_code();
}

std::string_view library_version() { return PUZZLESAT_VERSION; }

CLI::Option* add_solver_option(CLI::App& command, std::string& spec) {
  return command
      .add_option("--solver", spec, "SAT backend: " + sat::solver_spec_help())
      ->capture_default_str()
      ->check(CLI::Validator(
          [](std::string& value) -> std::string {
            // Only the name is checked here: an external program is started when solving.
            if (value == "external:") return "external: needs a command";
            if (sat::is_solver_spec(value)) return "";
            return "unknown solver '" + value + "' (expected " + sat::solver_spec_help() + ")";
          },
          "SOLVER"));
}

}  // namespace puzzlesat::cli
