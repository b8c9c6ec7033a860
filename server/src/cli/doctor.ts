import { join } from 'node:path';
import type { Command } from 'commander';
import { sql } from 'kysely';
import pino from 'pino';
import type { Config } from '../config.js';
import { openPostgres, openSqlite } from '../db/connect.js';
import { openBlobStore } from '../storage/open-blob-store.js';
import type { PackScan } from '../media/translate/pack-engine.js';
import { describeEngines } from './roles.js';
import { loadAdminSetup, withContainer } from './context.js';
import { resolveMediaBinaries } from '../media/binaries.js';
import { runMediaBinary } from '../media/run-ffmpeg.js';
import { foundParts, halfInstalledAdvice, noEngineAdvice } from './debian-advice.js';

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** "ffmpeg version N-1234-abc-static https://… Copyright …" → "ffmpeg version N-1234-abc-static". */
const versionOf = (stdout: string) => (stdout.split('\n')[0] ?? '').split(' ').slice(0, 3).join(' ');

async function check(name: string, fn: () => Promise<string>): Promise<Check> {
  try {
    return { name, ok: true, detail: await fn() };
  } catch (e) {
    return { name, ok: false, detail: e instanceof Error ? e.message : String(e) };
  }
}

/** Which database, queue and blob store this configuration uses, and whether each answers. */
async function checkEngines(config: Config): Promise<Check[]> {
  const [database, queue, blobs] = describeEngines(config).map((l) => l.replace(/^\w+:\s+/, ''));
  return [
    await check('database', async () => {
      const db = config.database.url
        ? await openPostgres(config.database.url, { poolSize: 1 })
        : openSqlite(join(config.dataDir, 'likeness.db'));
      try {
        await sql`select 1`.execute(db);
      } finally {
        await db.destroy();
      }
      return `${database} (answers)`;
    }),
    await check('queue', async () => {
      if (!config.queue.redisUrl) return `${queue}: jobs are rows every process polls`;
      const { openRedis } = await import('../jobs/redis-connection.js');
      const redis = await openRedis(config.queue.redisUrl, pino({ level: 'silent' }), 5000);
      await redis.quit();
      return `${queue} (answers)`;
    }),
    await check('blob store', async () => {
      const store = await openBlobStore(config);
      try {
        await store.ping();
      } finally {
        await store.close();
      }
      return `${blobs} (answers)`;
    }),
  ];
}

/** Reports which engines and optional programs were found, so operators see problems before users do. */
export function registerDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .description('check the configuration and the media engines')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
      const checks: Check[] = [];
      let config: Config | null = null;
      checks.push(
        await check('config', async () => {
          // The server's configuration, read as every admin command reads it (cli/context.ts).
          const setup = loadAdminSetup();
          const cfg = setup.config;
          config = cfg;
          const server = setup.server;
          let running = '';
          if (server && setup.urlFrom === 'running server')
            running = ` (the server running from this data dir, pid ${server.pid})`;
          else if (server && server.url !== cfg.server.publicUrl)
            running = ` (LIKENESS_PUBLIC_URL; the server running from this data dir, pid ${server.pid}, hands out ${server.url})`;
          return `port ${cfg.server.port}, data dir ${cfg.dataDir}, public URL ${cfg.server.publicUrl}${running}`;
        }),
      );
      const c = config as Config | null;
      // The model packs, loaded once for both checks that need them (a pack's model takes seconds).
      let scan: Promise<PackScan> | null = null;
      const packScan = () => {
        const dir = c?.media.modelPacksDir;
        if (!dir) return null;
        scan ??= import('../media/translate/pack-engine.js').then((m) => m.detectPackEngine(dir));
        return scan;
      };
      if (c) checks.push(...(await checkEngines(c)));
      const bins = resolveMediaBinaries({
        ffmpeg: c?.media.ffmpegPath ?? undefined,
        ffprobe: c?.media.ffprobePath ?? undefined,
      });
      checks.push(
        await check(
          'ffmpeg',
          async () =>
            versionOf(
              (await runMediaBinary(bins.ffmpeg, ['-hide_banner', '-version'], { captureStdout: true }))
                .stdout,
            ) + ` (${bins.ffmpeg})`,
        ),
      );
      checks.push(
        await check(
          'ffprobe',
          async () =>
            versionOf(
              (await runMediaBinary(bins.ffprobe, ['-hide_banner', '-version'], { captureStdout: true }))
                .stdout,
            ) + ` (${bins.ffprobe})`,
        ),
      );
      checks.push(
        await check('ffmpeg filters', async () => {
          const { stdout } = await runMediaBinary(bins.ffmpeg, ['-hide_banner', '-filters'], {
            captureStdout: true,
          });
          const need = [
            'ebur128',
            'alimiter',
            'ass',
            'drawtext',
            'overlay',
            'zoompan',
            'atempo',
            'rubberband',
          ];
          const missing = need.filter((f) => !new RegExp(`\\s${f}\\s`).test(stdout));
          if (missing.length) throw new Error(`missing filters: ${missing.join(', ')}`);
          return need.join(', ');
        }),
      );
      checks.push(
        await check('speech (eSpeak-NG)', async () => {
          const { createSpeechEngine } = await import('../media/speech/index.js');
          const { mkdtemp, rm } = await import('node:fs/promises');
          const { tmpdir } = await import('node:os');
          const dir = await mkdtemp(join(tmpdir(), 'likeness-doctor-'));
          const engine = createSpeechEngine({ ffmpeg: bins.ffmpeg, ffprobe: bins.ffprobe, tmpDir: dir });
          try {
            const r = await engine.synthesize(
              '你好',
              { language: 'zh', profile: null, rate: 1, volume: 1, pitch: 1 },
              join(dir, 'x.wav'),
            );
            return `synthesised ${r.durationSec.toFixed(2)} s of Mandarin`;
          } finally {
            await engine.close();
            await rm(dir, { recursive: true, force: true });
          }
        }),
      );
      checks.push(
        await check('face landmarks', async () => {
          const { createFaceDetector } = await import('../media/face/index.js');
          const d = await createFaceDetector();
          const faces = await d.detect({ data: new Uint8Array(64 * 64 * 3), width: 64, height: 64 });
          await d.close();
          return `model loaded (blank test image: ${faces.length} faces)`;
        }),
      );
      checks.push(
        await check('translation', async () => {
          if (c?.media.translation === 'off')
            return 'off (LIKENESS_TRANSLATION): video/translate refuses every language';
          const { findTranslationCatalog } = await import('../media/translate/index.js');
          const { inspectDebianInstall } = await import('../media/translate/debian-engine.js');
          const catalog = await findTranslationCatalog('auto', undefined, packScan());
          const names = catalog.engines.map((e) => e.name).join(', ');
          // A Debian engine installed in part is an operator's mistake: name the missing package.
          const half = halfInstalledAdvice(foundParts(await inspectDebianInstall()));
          if (catalog.routes.length === 0) {
            if (half) throw new Error(`${half}; until then video/translate refuses every language`);
            return noEngineAdvice(names);
          }
          return `${names}: ${catalog.describe().join('; ')}${half ? `; ${half}` : ''}`;
        }),
      );
      checks.push(
        await check('model packs', async () => {
          const dir = c?.media.modelPacksDir;
          if (!dir) return 'none (LIKENESS_MODEL_PACKS is not set)';
          const { loaded, refused } = (await packScan())!;
          const ok = loaded.map((p) =>
            p.manifest.kind === 'speech-recognition'
              ? `${p.manifest.name} (speech recognition on sherpa-onnx, ${p.manifest.languages?.join(' ')}): loads`
              : `${p.manifest.name} (translation on Bergamot, ${p.manifest.from} → ${p.manifest.to}): loads`,
          );
          const bad = refused.map((p) => `${p.dir}: refused, ${p.reason}`);
          const lines = [...ok, ...bad];
          const summary = lines.length === 0 ? `no pack in ${dir}` : lines.join('; ');
          if (bad.length > 0) throw new Error(summary);
          return summary;
        }),
      );
      if (c) {
        const cfg = c;
        checks.push(
          await check('policies', async () =>
            [
              `contract ${cfg.contract.mode} (LIKENESS_CONTRACT)`,
              `plan gates ${cfg.plans.gates ? 'on' : 'off'} (LIKENESS_PLAN_GATES)`,
              `${cfg.limits.maxActiveWorks} works waiting or processing per account (LIKENESS_MAX_ACTIVE_WORKS)`,
              `${cfg.limits.maxDailyWorks} works a day (LIKENESS_MAX_DAILY_WORKS)`,
            ].join(', '),
          ),
        );
        checks.push(
          await check('client contract', async () => {
            const notes = await withContainer((ct) => ct.services.contract.list());
            if (notes.length === 0) return 'no request outside the documented contract so far';
            const lines = notes
              .slice(0, 10)
              .map(
                (n) =>
                  `${n.account_id} sent ${n.field} outside "${n.rule}" ${n.count} times (${n.operation}; last: ${n.last_done}, ${n.last_at}, request ${n.last_request_id})`,
              );
            return [
              `${notes.length} kinds of request accepted outside the documented contract:`,
              ...lines,
            ].join('\n        ');
          }),
        );
      }
      if (o.json) console.log(JSON.stringify(checks, null, 2));
      else
        for (const ch of checks)
          console.log(`${ch.ok ? 'ok  ' : 'FAIL'}  ${ch.name.padEnd(20)} ${ch.detail}`);
      process.exitCode = checks.every((x) => x.ok) ? 0 : 1;
    });
}
