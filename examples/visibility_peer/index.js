// Times the npm package `visibility-polygon` on the segments `bench_sight` writes, so the two
// figures are measured on the same input. Usage: node index.js <input.json>
//
// Input: { "reps": N, "maps": [{ "name", "origin": [x, y], "segments": [[[x, y], [x, y]], ...] }] }
// Output: one JSON object per map and line: { "map", "median_ms", "fastest_ms", "vertices" }.
//
// The package needs segments that do not cross; `breakIntersections` splits them once, outside
// the timing, as Lantern lists the crossing pairs once when it builds its scene.
'use strict';

const fs = require('fs');
const { breakIntersections, compute } = require('visibility-polygon');

function timings(reps, run) {
  const times = [];
  let vertices = 0;
  for (let i = 0; i < reps; i++) {
    const start = process.hrtime.bigint();
    vertices = run().length;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], fastest: times[0], vertices };
}

function main() {
  const input = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  for (const map of input.maps) {
    const segments = breakIntersections(map.segments);
    // A few untimed runs first, so the JIT has compiled `compute` as it would in a long session.
    for (let i = 0; i < 5; i++) compute(map.origin, segments);
    const t = timings(input.reps, () => compute(map.origin, segments));
    console.log(JSON.stringify({
      map: map.name,
      median_ms: t.median,
      fastest_ms: t.fastest,
      vertices: t.vertices,
      segments: segments.length,
    }));
  }
}

main();
