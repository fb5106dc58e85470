import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REPO_ROOT } from '@vrp/testing';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; `npm test` installs it when missing). */
export const CHROMIUM = '/usr/bin/chromium';

/** Where the browser tests leave their screenshots. */
export const SCREENSHOTS = join(REPO_ROOT, 'test-output', 'console');

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run tools/dev/ensure-browser.sh (npm test does)`);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}

let shot = 0;

/** Saves a full-page screenshot as test-output/console/NN-name.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  shot += 1;
  const path = join(SCREENSHOTS, `${String(shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's serious and critical violations on the page as it is now (WCAG 2.1 A/AA rules). axe
 * is evaluated through the DevTools protocol, which the page's CSP does not govern, so the
 * console's strict policy stays on while it is checked.
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(opts: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
