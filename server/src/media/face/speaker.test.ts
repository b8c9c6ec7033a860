import assert from 'node:assert/strict';
import { test } from 'node:test';
import { castOf, countAtOnce, faceIsSure, groupPeople, placeOf, type SeenFace } from './speaker.js';

const face = (x: number, y: number, w: number, score = 0.9, yaw = 0): SeenFace => ({
  box: { x, y, width: w, height: w, score },
  yaw,
  pitch: 0,
});
const frame = { width: 1920, height: 1080 };

test('faces are grouped into people by where they are from frame to frame', () => {
  const people = groupPeople([
    [face(100, 100, 200), face(900, 400, 150)],
    [face(140, 110, 200), face(880, 420, 150)],
    [face(1500, 100, 150)], // far from both: someone new
  ]);
  assert.deepEqual(
    people.map((p) => p.seen.map((s) => s.frame)),
    [[0, 1], [0, 1], [2]],
  );
});

test('the speaker is the most prominent person: large, present, central and frontal', () => {
  // Three people in a group photo: the middle one is as large and more central.
  const group = castOf(
    [[face(380, 360, 267, 0.9, 22), face(805, 417, 267, 0.9, 10), face(1467, 217, 217)]],
    frame,
  );
  assert.equal(group.speaker, 1);
  assert.equal(group.mostAtOnce, 3);
  // A large face at the edge beats a small one in the middle.
  assert.equal(castOf([[face(10, 300, 400), face(900, 500, 100)]], frame).speaker, 0);
  // Someone in every frame beats someone larger seen once.
  const frames = [[face(900, 400, 150)], [face(910, 400, 150), face(100, 100, 300)], [face(905, 402, 150)]];
  assert.equal(castOf(frames, frame).speaker, 0);
  // Nobody.
  assert.deepEqual(castOf([[], []], frame), { people: [], speaker: -1, mostAtOnce: 0 });
});

test('a later search follows the person nearest the first one found', () => {
  const frames = [[face(100, 100, 300), face(900, 400, 150)]];
  assert.equal(castOf(frames, frame, { x: 880, y: 390, width: 150, height: 150, score: 1 }).speaker, 1);
});

test('only faces seen surely and repeatedly count as people', () => {
  const unsure = (f: SeenFace) => ({ ...f, sure: false });
  const people = groupPeople([
    [face(900, 400, 150), face(100, 900, 80)], // hands read as a face, once
    [face(905, 400, 150), face(1500, 300, 120)], // someone passing, in two frames
    [face(910, 402, 150), face(1490, 310, 120)],
  ]);
  assert.equal(countAtOnce(people, 3), 2);
  assert.equal(countAtOnce(groupPeople([[face(0, 0, 50), unsure(face(500, 0, 50))]]), 1), 1);
  // A large false face beside the speaker neither counts nor speaks.
  const cast = castOf([[unsure(face(0, 460, 340)), face(830, 450, 200)]], frame);
  assert.equal(cast.mostAtOnce, 1);
  assert.equal(cast.people[cast.speaker]!.seen[0]!.face.box.x, 830);
});

test('how sure a face is: the detector, or the mesh, must be sure of it', () => {
  assert.equal(faceIsSure(0.85, 25), true);
  assert.equal(faceIsSure(0.79, 1.2), true); // a face in profile
  assert.equal(faceIsSure(0.62, 10.4), true); // a light switch that looks like a face
  assert.equal(faceIsSure(0.63, 3), false); // a dark corner beside a person
  assert.equal(faceIsSure(0.65), false);
});

test('places are said from where the viewer looks', () => {
  assert.equal(placeOf({ x: 100, width: 100 }, frame), 'on the left');
  assert.equal(placeOf({ x: 900, width: 100 }, frame), 'in the middle');
  assert.equal(placeOf({ x: 1700, width: 100 }, frame), 'on the right');
});

test('a face the mesh could not measure counts, but cannot speak', () => {
  const profile = { ...face(900, 300, 400), unmeasured: true };
  const cast = castOf([[profile, face(100, 300, 200)]], frame);
  assert.equal(cast.mostAtOnce, 2);
  assert.equal(cast.people[cast.speaker]!.seen[0]!.face.box.x, 100);
  assert.equal(castOf([[profile]], frame).speaker, -1);
  assert.equal(castOf([[profile, face(100, 300, 200)]], frame, profile.box).speaker, 1);
});
