#include <puzzlesat/regular.h>

#include <map>
#include <set>
#include <vector>

namespace puzzlesat::enc::detail {

void encode_regular(ClauseWriter& out, std::span<const sat::Lit> x, const Automaton& a) {
  const int n = static_cast<int>(x.size());
  if (n == 0) {
    if (!a.accepts(a.start)) out.add({});
    return;
  }
  // Forward: states reachable before each layer.
  std::vector<std::set<int>> reach(n + 1);
  reach[0].insert(a.start);
  for (int i = 0; i < n; ++i)
    for (int s : reach[i])
      for (bool v : {false, true})
        if (int t = a.next(s, i, v); t >= 0) reach[i + 1].insert(t);
  // Backward: keep the states from which acceptance is still reachable.
  std::vector<std::set<int>> live(n + 1);
  for (int s : reach[n])
    if (a.accepts(s)) live[n].insert(s);
  for (int i = n - 1; i >= 0; --i)
    for (int s : reach[i])
      for (bool v : {false, true})
        if (int t = a.next(s, i, v); t >= 0 && live[i + 1].count(t)) live[i].insert(s);
  if (live[0].empty()) return out.add({});

  // State literals; the start holds, and the accepting states merge into one sink that holds.
  constexpr int kSink = -2;
  std::vector<std::map<int, sat::Lit>> state(n + 1);
  state[0][a.start] = kTrue;
  state[n][kSink] = kTrue;  // the other states get literals as their layer is reached
  auto target = [&](int i, int s, bool v) { return i + 1 == n ? kSink : a.next(s, i, v); };

  // The live transitions of each layer, with in- and out-degrees: a transition that is
  // the only way out of its state (or into its target) is that state, so it needs no
  // variable of its own.
  struct Edge { int from, to; bool value; };
  std::vector<sat::Lit> clause;
  std::vector<std::map<int, std::vector<sat::Lit>>> incoming(n + 1);
  for (int i = 0; i < n; ++i) {
    std::vector<Edge> edges;
    std::map<int, int> out_degree, in_degree;
    for (auto [s, q] : state[i])
      for (bool v : {false, true}) {
        int t = a.next(s, i, v);
        if (t < 0 || !live[i + 1].count(t)) continue;
        edges.push_back({s, target(i, s, v), v});
        ++out_degree[s];
        ++in_degree[edges.back().to];
      }
    std::map<int, std::vector<sat::Lit>> outgoing;
    std::vector<sat::Lit> with_value[2];
    for (const Edge& e : edges) {
      // A state entered only from a state with no other way out is that same state.
      if (!state[i + 1].count(e.to))
        state[i + 1][e.to] = in_degree[e.to] == 1 && out_degree[e.from] == 1 ? state[i][e.from] : out.fresh();
      const sat::Lit q = state[i][e.from], q_next = state[i + 1][e.to];
      const sat::Lit edge = out_degree[e.from] == 1 ? q : in_degree[e.to] == 1 ? q_next : out.fresh();
      out.add({~edge, q});
      out.add({~edge, x[i] ^ !e.value});
      out.add({~edge, q_next});
      outgoing[e.from].push_back(edge);
      incoming[i + 1][e.to].push_back(edge);
      with_value[e.value].push_back(edge);
    }
    for (auto [s, q] : state[i]) {
      clause.assign({~q});
      clause.insert(clause.end(), outgoing[s].begin(), outgoing[s].end());
      out.add(clause);
    }
    for (bool v : {false, true}) {
      clause.assign({x[i] ^ v});  // the value v needs a transition reading it
      clause.insert(clause.end(), with_value[v].begin(), with_value[v].end());
      out.add(clause);
    }
  }
  for (int i = 1; i <= n; ++i)
    for (auto [s, q] : state[i]) {
      clause.assign({~q});
      clause.insert(clause.end(), incoming[i][s].begin(), incoming[i][s].end());
      out.add(clause);
    }
}

}  // namespace puzzlesat::enc::detail
