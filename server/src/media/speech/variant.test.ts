import assert from 'node:assert/strict';
import { test } from 'node:test';
import { variantFile } from './variant.js';

test('variantFile writes an eSpeak "language variant" with pitch and formant factors', () => {
  const v = variantFile({ pitchBaseHz: 151.6, pitchTopHz: 240.2, formantScale: [1.1, 1.153, 0.9] });
  assert.match(v.name, /^lk[0-9a-f]{10}$/);
  assert.equal(
    v.text,
    [
      'language variant',
      `name ${v.name}`,
      'pitch 152 240',
      'formant 1 110 100 100',
      'formant 2 115 100 100',
      'formant 3 90 100 100',
      'formant 4 90 100 100',
      'formant 5 90 100 100',
      'formant 6 90 100 100',
      'formant 7 90 100 100',
      'formant 8 90 100 100',
      '',
    ].join('\n'),
  );
  // The name follows the content: same spec, same name; another spec, another name.
  assert.equal(
    variantFile({ pitchBaseHz: 152, pitchTopHz: 240, formantScale: [1.1, 1.15, 0.9] }).name,
    v.name,
  );
  assert.notEqual(
    variantFile({ pitchBaseHz: 150, pitchTopHz: 240, formantScale: [1.1, 1.15, 0.9] }).name,
    v.name,
  );
});
