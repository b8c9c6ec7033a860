import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DETECT_TILE,
  levelTiles,
  MAX_TILE_BOX,
  mergeBoxes,
  searchCost,
  searchLevels,
  TILE_OVERLAP,
  windowForBox,
  windowForPoints,
} from './search-plan.js';

test('levels start where a 40-pixel face is 20 pixels and halve until the picture fits one tile', () => {
  const levels = searchLevels(1920, 1080);
  assert.deepEqual(
    levels.map((l) => [l.scale, l.width, l.height, l.whole]),
    [
      [0.5, 960, 540, false],
      [0.25, 480, 270, false],
      [256 / 1920, 256, 144, true],
    ],
  );
  // 640x360: the first level already nearly fits; the last is the whole frame in one tile.
  assert.deepEqual(
    searchLevels(640, 360).map((l) => [l.scale, l.width, l.height]),
    [
      [0.5, 320, 180],
      [0.4, 256, 144],
    ],
  );
  // A picture smaller than a tile is searched once, as it is.
  assert.deepEqual(searchLevels(200, 150), [{ scale: 1, width: 200, height: 150, whole: true }]);
  // Asking for larger faces skips the fine levels.
  assert.equal(searchLevels(1920, 1080, 80)[0]!.scale, 0.25);
  assert.equal(searchLevels(1920, 1080, 160).length, 1);
  assert.throws(() => searchLevels(0, 10), RangeError);
});

test('tiles cover a level with overlapping squares of the detector size, the last flush with the edge', () => {
  const tiles = levelTiles({ width: 960, height: 540 });
  const xs = [...new Set(tiles.map((t) => t.x))];
  const ys = [...new Set(tiles.map((t) => t.y))];
  assert.deepEqual(xs, [0, 192, 384, 576, 704]);
  assert.deepEqual(ys, [0, 192, 284]);
  assert.ok(tiles.every((t) => t.side === DETECT_TILE));
  // Any square of TILE_OVERLAP pixels lies whole inside some tile.
  for (let x = 0; x + TILE_OVERLAP <= 960; x += 7) {
    for (let y = 0; y + TILE_OVERLAP <= 540; y += 7) {
      const inside = tiles.some(
        (t) => x >= t.x && y >= t.y && x + TILE_OVERLAP <= t.x + t.side && y + TILE_OVERLAP <= t.y + t.side,
      );
      assert.ok(inside, `square at ${x},${y}`);
    }
  }
  // A level narrower than a tile is one tile, centred: the detector sees it unsqueezed.
  assert.deepEqual(levelTiles({ width: 256, height: 144 }), [{ x: 0, y: -56, side: 256 }]);
  assert.equal(searchCost(1920, 1080), 15 + 6 + 1);
  assert.equal(MAX_TILE_BOX, 2 * TILE_OVERLAP);
});

test('boxes of one face found in several tiles and levels merge into the best-scored one', () => {
  const merged = mergeBoxes([
    { x: 100, y: 100, width: 50, height: 50, score: 0.8 },
    { x: 104, y: 98, width: 56, height: 56, score: 0.93 },
    { x: 90, y: 90, width: 80, height: 80, score: 0.7 }, // same face, looser box
    { x: 400, y: 100, width: 40, height: 40, score: 0.6 },
    { x: 300, y: 300, width: 90, height: 90, score: 0.9 },
  ]);
  assert.deepEqual(
    merged.map((b) => [b.x, b.score]),
    [
      [300, 0.9],
      [104, 0.93],
      [400, 0.6],
    ],
  );
});

test('a face is measured in a square window around it, from its box or its last landmarks', () => {
  assert.deepEqual(windowForBox({ x: 100, y: 50, width: 50, height: 40, score: 1 }), {
    x: 85,
    y: 30,
    side: 80,
  });
  const pts = Float32Array.from([10, 20, 30, 20, 20, 40]); // extent 20 x 20 around (20, 30)
  assert.deepEqual(windowForPoints(pts), { x: -2, y: 8, side: 44 });
});
