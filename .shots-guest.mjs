import { chromium, devices } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ ...devices['Pixel 7'] });
const page = await ctx.newPage();
const base = 'http://127.0.0.1:4351';
await page.goto(base + '/venue/harbor-tap-room/auth');
await page.getByLabel('Phone number').fill('5550199999');
await page.getByRole('button', { name: 'Send Code' }).click();
const demo = await page.getByText(/Demo code: \d{6}/).textContent();
await page.getByLabel('Verification code').fill(demo.match(/\d{6}/)[0]);
await page.getByRole('button', { name: 'Verify & Continue' }).click();
await page.waitForURL(/\/me$/);
await page.goto(base + '/venue/harbor-tap-room'); await page.waitForSelector('.drink-card');
for (const i of [0, 3]) {
  const href = await page.locator('.drink-card').nth(i).getAttribute('href');
  await page.goto(base + href); await page.getByRole('button', { name: /^Add to Cart/ }).click(); await page.waitForSelector('text=/Added 1/');
}
await page.goto(base + '/venue/harbor-tap-room/cart'); await page.waitForSelector('text=Subtotal');
await page.screenshot({ path: '/tmp/s-cart.png', fullPage: true });
await page.getByRole('button', { name: /^Checkout/ }).click(); await page.waitForSelector('text=Order Confirmed!');
await page.screenshot({ path: '/tmp/s-confirm2.png', fullPage: true });
await page.goto(base + '/venue/harbor-tap-room'); await page.waitForSelector('text=Order in progress');
await page.screenshot({ path: '/tmp/s-banner.png' });
await page.goto(base + '/venue/harbor-tap-room/me'); await page.getByRole('tab', { name: 'History' }).click();
await page.waitForSelector('.order-card'); await page.getByRole('button', { name: 'Details' }).click();
await page.screenshot({ path: '/tmp/s-profile.png', fullPage: true });
await browser.close();
