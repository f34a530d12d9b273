// SET scene renderer speed: one 1600x1200 scene drawn by compose_scene (frontends/set/
// scene.h), JPEG round trip included, for the conditions the SET vision tests draw most:
// the default table, a white desk with a shadow across every card, a table with every
// card's corner labelled and a pointed shadow at a symbol, a draw pile with glare, and a
// close-up. The tests render hundreds of scenes (thousands under the sanitizers' slower
// code), so the renderer's speed is much of CI's time.
// Run: build/bench/bench_set_scene [benchmark flags].
#include <benchmark/benchmark.h>

#include <cstdint>

#include "frontends/set/scene.h"

namespace {

using puzzlesat::set_vision::compose_scene;
using puzzlesat::set_vision::Framing;
using puzzlesat::set_vision::SceneOptions;

void render(benchmark::State& state, const SceneOptions& options) {
  std::uint32_t seed = 1;
  for (auto _ : state) {
    auto scene = compose_scene(seed, options);
    benchmark::DoNotOptimize(scene.image.data);
    seed = seed % 8 + 1;  // eight scenes in turn: the tests' usual count
  }
}

SceneOptions white_desk_card_shadows() {
  SceneOptions o;
  o.white_table = true;
  o.clutter = false;
  o.card_shadows = true;
  return o;
}

SceneOptions labels_and_pointed_shadows() {
  SceneOptions o;
  o.labels = true;
  o.wedges = true;
  return o;
}

SceneOptions draw_pile_glare() {
  SceneOptions o;
  o.draw_pile = true;
  o.glare = true;
  return o;
}

SceneOptions closeup() {
  SceneOptions o;
  o.framing = Framing::closeup;
  return o;
}

BENCHMARK_CAPTURE(render, table, SceneOptions{})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(render, white_desk_card_shadows, white_desk_card_shadows())->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(render, labels_and_pointed_shadows, labels_and_pointed_shadows())->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(render, draw_pile_glare, draw_pile_glare())->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(render, closeup, closeup())->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
