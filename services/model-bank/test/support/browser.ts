import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REPO_ROOT } from '@vrp/testing';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; `npm test` installs it when missing). */
const CHROMIUM = '/usr/bin/chromium';

/** Where the consent page's screenshots go. */
export const SCREENSHOTS = join(REPO_ROOT, 'test-output', 'model-bank');

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run tools/dev/ensure-browser.sh (npm test does)`);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}

let shot = 0;

/** Saves a full-page screenshot as test-output/model-bank/NN-name.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  shot += 1;
  const path = join(SCREENSHOTS, `${String(shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical WCAG 2.1 A/AA violations on the page (evaluated over DevTools, which the CSP does not govern). */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run(o: unknown): Promise<{ violations: { id: string; impact: string | null; help: string }[] }> } }
    ).axe;
    return (await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help}`);
}
