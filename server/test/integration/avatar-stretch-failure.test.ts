import assert from 'node:assert/strict';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { bins, facePhoto, makeCutAwayVideo } from '../helpers/media-fixtures.js';
import { api, createAccount, startServer, upload, waitTask, type TestServer } from '../helpers/server.js';

// A clip whose face leaves the picture is made into an avatar of the stretch with the face, re-encoded
// on its own (avatar-create.job.ts, playStretch). That re-encode failing is the user's file to fix,
// not an internal error: the task ends with 2014 and says what to do. An ffmpeg that fails only
// that run stands in for a file it cannot re-encode (none was found that also tracks).

let dir = '';
let server: TestServer;
let token = '';

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'likeness-stretch-'));
  const ffmpeg = join(dir, 'ffmpeg');
  await writeFile(
    ffmpeg,
    [
      '#!/bin/sh',
      'for a in "$@"; do',
      '  case "$a" in */stretch.mp4) echo "stretch.mp4: Invalid data found when processing input" >&2; exit 1;; esac',
      'done',
      `exec ${JSON.stringify(bins.ffmpeg)} "$@"`,
      '',
    ].join('\n'),
  );
  await chmod(ffmpeg, 0o755);
  server = await startServer({ FFMPEG_PATH: ffmpeg });
  token = (await createAccount(server, { credits: 1000 })).token;
});

after(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

test("a failed re-encode of a clip's part with the face ends the avatar with 2014 and what to do", async () => {
  const clip = await makeCutAwayVideo(join(dir, 'cut-away.mp4'), facePhoto(1), 3.4, 1.8);
  const fileId = await upload(server, token, 'mp4', await readFile(clip));
  const r = await api(server, 'POST', '/api/v2/svc/avatar/create_by_video', {
    token,
    body: { file_id: fileId, title: 'cut away' },
  });
  assert.equal(r.body.code, 0, JSON.stringify(r.body));
  const task = await waitTask(server, token, '/api/v2/svc/avatar/task', r.body.task_id as string, 120_000);
  assert.equal(task.status, 4, JSON.stringify(task));
  assert.equal(task.fail_code, 2014, JSON.stringify(task));
  assert.match(
    String(task.fail_reason),
    /its part with the face \(0\.0-3\.\d s\) could not be re-encoded; export it again \(H\.264 video, AAC sound\) and upload the new file/,
  );
});
