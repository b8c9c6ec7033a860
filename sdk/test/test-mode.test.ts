import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  InsufficientCreditsError,
  InvalidParameterError,
  TaskFailedError,
  TestOutcome,
  TestPrefer,
  isTestToken,
} from '../src/node.js';
import { clientFor, createAccount, QUICK, startServer, type TestServer } from './helpers/service.js';

/** Test mode's reserved ids and preferences through the SDK's typed constants. */
describe('test mode through the SDK', () => {
  let server: TestServer;
  let live: { account_id: string; token: string };
  let testToken: string;
  before(async () => {
    server = await startServer();
    live = await createAccount(server, { credits: 50 });
    testToken = (await server.container.services.accounts.createTestToken(live.account_id)).token;
  });
  after(() => server.close());

  test('TestOutcome ids and TestPrefer preferences end works as named; a live token is refused', async () => {
    assert.ok(isTestToken(testToken) && !isTestToken(live.token));
    const client = clientFor(server, testToken);
    const body = { text: 'Hello.', voice: 'pub-en-emma', avatar: TestOutcome.fail(2014) };
    const { task_id } = await client.videos.createByTts(body);
    await assert.rejects(
      client.waitForTask(task_id, QUICK),
      (e) => e instanceof TaskFailedError && e.code === 2014,
    );
    await assert.rejects(
      client.videos.createByTts({ ...body, avatar: 'pub-avatar-lin' }, { prefer: TestPrefer.refuse(1002) }),
      InsufficientCreditsError,
    );
    await assert.rejects(
      clientFor(server, live.token).videos.createByTts(body),
      (e) => e instanceof InvalidParameterError && /test outcomes need a test token/.test(e.message),
    );
  });
});
