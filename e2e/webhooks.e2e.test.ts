import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { WEBHOOK_TEXT as T } from '@rushes/shared';
import { contextOptions, e2eAvailable, shot } from './browser.ts';
import { startInProcessServer } from './inProcessServer.ts';
import { serverAndBrowser } from './server.ts';
import { DEMO_PRODUCER, logIn } from './people.ts';
import { dialog, switchTeam, toast, visible } from './projectSteps.ts';

/**
 * Webhooks end to end: the team admin adds an endpoint on a local receiver (plain http on loopback,
 * trusted through OUTBOUND_TRUSTED_HOSTS in this server's config), copies the secret shown once,
 * sends a test delivery and sees it delivered with the receiver's answer; the receiver checks the
 * signature with openssl; a refused delivery is sent again with Resend and shows both attempts.
 */
const FLOW = 'webhooks';
const got: { body: string; headers: http.IncomingHttpHeaders }[] = [];
/** what the receiver answers next (a test switches it to refuse, then back) */
let answer = 202;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    got.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
    const text = answer < 300 ? 'accepted by the receiver' : 'refused by the receiver';
    res.writeHead(answer, { 'content-type': 'text/plain' }).end(text);
  });
});
let receiverUrl = '';

const run = serverAndBrowser(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/rushes-hook`;
  const server = await startInProcessServer({ OUTBOUND_TRUSTED_HOSTS: '127.0.0.1' });
  return {
    ...server,
    async stop() {
      await server.stop();
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
});

describe.skipIf(!e2eAvailable)('webhooks: add an endpoint, its secret once, a test delivery', () => {
  let a: Page;
  let secret = '';

  beforeAll(async () => {
    a = await (await (run.browser as Browser).newContext(contextOptions)).newPage();
    a.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await a?.context().close();
  });

  it('the team admin adds an endpoint (https required unless trusted) and sees its secret once', async () => {
    await logIn(a, run.server.url, DEMO_PRODUCER);
    await switchTeam(a, 'Demo Studio');
    await a.goto(`${run.server.url}/settings`);
    await a.getByRole('button', { name: new RegExp(T.title) }).click();
    const panel = dialog(a, T.title);
    await visible(panel.getByText(T.noEndpoints));
    await panel.getByRole('button', { name: T.addEndpoint }).click();
    await panel.getByRole('textbox', { name: T.url }).fill('http://hooks.example.com/rushes');
    await panel.getByRole('button', { name: T.create, exact: true }).click();
    await visible(panel.getByText(T.httpsOnly));
    expect(await a.getByRole('alert').filter({ hasText: T.httpsOnly }).count()).toBe(0); // under the field only
    await shot(a, FLOW, '01-https-required');

    await panel.getByRole('textbox', { name: T.url }).fill(receiverUrl);
    await panel.getByRole('textbox', { name: T.description }).fill('Our asset tracker');
    await panel.getByRole('checkbox', { name: 'Task created' }).uncheck();
    await panel.getByRole('button', { name: T.create, exact: true }).click();
    const shown = dialog(a, T.secretTitle);
    await visible(shown.getByText(T.secretOnce));
    secret = (await shown.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await shot(a, FLOW, '02-secret-shown-once');
    await shown.getByRole('button', { name: T.done }).click();
    await expect.poll(() => shown.count()).toBe(0);
    await toast(a, T.endpointCreated);

    const card = panel.getByTestId('webhook-endpoint');
    await visible(card.getByText(receiverUrl));
    await visible(card.getByText('Our asset tracker'));
    expect(await card.getByText('Task created').count()).toBe(0);
    // the secret is nowhere on the page any more
    expect(await a.content()).not.toContain(secret);
  });

  it('Send test delivers a signed ping, listed with the receiver’s answer', async () => {
    const panel = dialog(a, T.title);
    const card = panel.getByTestId('webhook-endpoint');
    await card.getByRole('button', { name: T.sendTest }).click();
    await toast(a, T.testQueued);
    const delivery = card.getByTestId('webhook-delivery').first();
    await visible(delivery.getByText(T.statusSucceeded));
    await visible(delivery.getByText('202', { exact: true }));
    await visible(delivery.getByText(/accepted by the receiver/));
    await shot(a, FLOW, '03-test-delivered');

    expect(got).toHaveLength(1);
    const [req] = got;
    const t = String(req.headers['rushes-timestamp']);
    const mac = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret, '-r'], {
      input: `${t}.${req.body}`,
    })
      .toString()
      .split(' ')[0];
    expect(req.headers['rushes-signature']).toBe(`t=${t},v1=${mac}`);
    expect(JSON.parse(req.body)).toMatchObject({ type: 'ping', id: req.headers['rushes-event-id'] });
    await visible(delivery.getByText(String(req.headers['rushes-event-id'])));
  });

  it('a delivery the receiver refuses is sent again with Resend; both attempts are listed with their answers', async () => {
    const panel = dialog(a, T.title);
    const card = panel.getByTestId('webhook-endpoint');
    answer = 422;
    await card.getByRole('button', { name: T.sendTest }).click();
    const delivery = card.getByTestId('webhook-delivery').first();
    await visible(delivery.getByText(T.statusFailed));
    await visible(delivery.getByText('422', { exact: true }));
    await shot(a, FLOW, '04-refused');

    answer = 202;
    await delivery.getByRole('button', { name: T.resend }).click();
    await toast(a, T.resent);
    await visible(delivery.getByText(T.statusSucceeded));
    const attempts = delivery.getByTestId('webhook-attempt');
    await expect.poll(() => attempts.count()).toBe(2);
    await visible(attempts.nth(0).getByText('422', { exact: true }));
    await visible(attempts.nth(0).getByText('refused by the receiver'));
    await visible(attempts.nth(1).getByText('202', { exact: true }));
    await visible(attempts.nth(1).getByText('accepted by the receiver'));
    expect(await delivery.getByRole('button', { name: T.resend }).count()).toBe(0);
    await shot(a, FLOW, '05-resent-attempts');
    // the same event, sent twice
    expect(got).toHaveLength(3);
    expect(got[2].headers['rushes-event-id']).toBe(got[1].headers['rushes-event-id']);
    expect(got[2].body).toBe(got[1].body);
  });

  it('the endpoint is disabled, then deleted', async () => {
    const panel = dialog(a, T.title);
    const card = panel.getByTestId('webhook-endpoint');
    await card.getByRole('switch').click();
    await visible(card.getByText(T.disabled));
    await shot(a, FLOW, '06-disabled');
    await card.getByRole('button', { name: T.delete }).click();
    await dialog(a, T.delete).getByRole('button', { name: T.delete }).click();
    await toast(a, T.endpointDeleted);
    await visible(panel.getByText(T.noEndpoints));
    await shot(a, FLOW, '07-deleted');
  });
});
