import fs from 'node:fs';
import { launchBrowser } from './support/browser';
import { logIn } from './support/console-page';
import { spawnServer } from './support/spawn-server';
const out = '/tmp/shots'; fs.mkdirSync(out, { recursive: true });
const server = await spawnServer({}, 'dist-server/main.js');
const browser = await launchBrowser();
const plan: Array<[string, string, string[]]> = [
  ['seller', 'seller123', ['/common/info/question', '/goods/list', '/bill/store']],
  ['staff', 'staff123', ['/common/info/spot']],
];
for (const [user, password, paths] of plan) {
  for (const phone of [true]) {
    for (const sw of ['block'] as const) {
    const context = await browser.newContext(phone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : { viewport: { width: 1440, height: 900 }, serviceWorkers: sw });
    const page = await context.newPage();
    page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 300), JSON.stringify(m.location())));
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    await logIn(page, server.url, user, password);
    for (const p of paths) {
      await page.goto(server.url + p);
      const t0 = Date.now();
      await page.waitForTimeout(8000);
      console.log(p, phone, sw, 'rows after', Date.now() - t0);
      await page.waitForTimeout(1000);
      await page.screenshot({ path: `${out}/${user}${p.replace(/\//g, '_')}-${phone ? 'phone' : 'desk'}.png` });
    }
    await context.close();
  }
  }
}
await browser.close();
await server.stop();
