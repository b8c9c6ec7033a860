import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { shippedFontsDir } from '../../src/media/fonts/shipped-font.js';

/** Debian's chromium (`apt-get install -y chromium`; .ci/run installs it). No browser is ever downloaded. */
export const CHROMIUM = process.env.LIKENESS_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Why the browser suites cannot run here, or null when they can. scripts/run-tests.mjs tries to
 * install Chromium first and passes on why it could not (LIKENESS_BROWSER_SKIP).
 */
export function browserUnavailable(): string | null {
  if (process.env.LIKENESS_BROWSER_SKIP) return process.env.LIKENESS_BROWSER_SKIP;
  return existsSync(CHROMIUM)
    ? null
    : `no Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) to run the browser tests`;
}

/** Where screenshots go (gitignored): server/test-output/console/<name>.png. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-output/console/', import.meta.url));

export interface TestBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Headless Chromium for tests. The machine may have no CJK font, and catalogue names are Chinese:
 * a private fontconfig file adds the font the server already ships (@embedpdf/fonts-sc) to the
 * system's, so screenshots show text rather than boxes wherever the page draws it. With
 * `systemFontsOnly` the browser has the machine's fonts alone, as a visitor's browser would: the
 * console's own web font ("Likeness CJK", served with its assets) is then what draws Chinese.
 */
export async function launchBrowser(opts: { systemFontsOnly?: boolean } = {}): Promise<TestBrowser> {
  const dir = await mkdtemp(join(tmpdir(), 'likeness-browser-'));
  const fonts = shippedFontsDir();
  const conf = join(dir, 'fonts.conf');
  await writeFile(
    conf,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
      `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n` +
      (opts.systemFontsOnly ? '' : `  <dir>${fonts}</dir>\n`) +
      `  <cachedir>${join(dir, 'cache')}</cachedir>\n</fontconfig>\n`,
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    env: { ...process.env, FONTCONFIG_FILE: conf },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Media elements may start without a user gesture (the test plays a muted video itself).
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A full-page screenshot, for a person to look at; the test asserts nothing from it. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // From the top: the sticky side bar would otherwise be drawn where the last scroll left it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Collects what goes wrong inside the page (uncaught errors, console errors), so a test can
 * assert that a flow ran clean and print the page's own words when it did not.
 */
export function watchPage(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  return { errors };
}
