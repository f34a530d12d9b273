// The command-group registry and the program around it: groups add themselves during
// static initialisation; run() builds the tree once, after all of them exist, and turns
// errors into one line.
#include <puzzlesat/plugin.h>

#include <puzzlesat/command.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/solver.h>

#include <algorithm>
#include <cstring>
#include <iostream>
#include <new>
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

// Top-level groups by name (the order of static initialisation is the link order);
// extensions keep their registration order after their parent.
void build_tree(CLI::App& root, std::map<const CommandGroup*, Node>& built) {
  std::vector<const CommandGroup*> order = groups();
  auto top_name = [](const CommandGroup* g) {
    while (g->parent()) g = g->parent();
    return g->name();
  };
  std::stable_sort(order.begin(), order.end(), [&](const CommandGroup* a, const CommandGroup* b) {
    const int c = std::strcmp(top_name(a), top_name(b));
    if (c != 0) return c < 0;
    return a->parent() == nullptr && b->parent() != nullptr;  // the group before its extensions
  });
  for (const CommandGroup* g : order) add_group(root, *g, built);
}

}  // namespace

int run(int argc, char** argv, const ProgramInfo& info) {
  CLI::App app{info.description, info.name};
  app.set_version_flag("--version", info.name + " " + (info.version.empty() ? std::string(library_version()) : info.version));
  app.require_subcommand(1);
  std::map<const CommandGroup*, Node> tree;  // the groups' shared objects live as long as this
  build_tree(app, tree);

  set_program_name(info.name);
  const std::string prefix = info.name + ": error: ";
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version
  } catch (const CLI::ParseError& e) {
    std::cerr << prefix << e.what() << " (see --help)\n";
    return kExitBadInput;
  } catch (const InputError& e) {
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
            try {
              // Only the name is checked here: an external program is started when solving.
              if (value.rfind("external:", 0) == 0) return value.size() > 9 ? "" : "external: needs a command";
              sat::make_solver(value);
              return "";
            } catch (const std::exception& e) {
              return e.what();
            }
          },
          "SOLVER"));
}

}  // namespace puzzlesat::cli
