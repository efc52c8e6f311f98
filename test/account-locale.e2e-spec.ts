import { startApi, TestApi } from './support/api';
import { createTestEnv, TestEnv } from './support/test-env';

/** Issue 24: the account's language — chosen at sign-up or in the settings, and followed by the API's error messages. */
describe("the account's language", () => {
  let env: TestEnv;
  let api: TestApi;

  beforeAll(async () => {
    env = await createTestEnv('account_locale');
    api = await startApi(env);
  });
  afterAll(async () => {
    await api.close();
    await env.drop();
  });

  it('starts in English, is set to Spanish by PATCH /api/me, and the error messages follow it over the browser language', async () => {
    const ana = await api.user();
    const me = await api.http().get('/api/me').set('Authorization', `Bearer ${ana.token}`);
    expect(me.body.locale).toBe('en');

    const set = await api.http().patch('/api/me').set('Authorization', `Bearer ${ana.token}`).send({ locale: 'es' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: ana.id, locale: 'es' });
    expect((await env.sql<{ locale: string }>('SELECT locale FROM users WHERE id = $1', [ana.id]))[0].locale).toBe('es');

    // A refusal in the account's language, though the browser asks for English; the code stays the same.
    const bad = await api.http().patch('/api/me').set('Authorization', `Bearer ${ana.token}`).set('Accept-Language', 'en-US').send({ locale: 'fr' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Algún dato no es válido.' });
    expect(JSON.stringify(bad.body.details)).toContain('locale must be one of en, es');

    const back = await api.http().patch('/api/me').set('Authorization', `Bearer ${ana.token}`).send({ locale: 'en' });
    expect(back.body.locale).toBe('en');
    const english = await api.http().patch('/api/me').set('Authorization', `Bearer ${ana.token}`).set('Accept-Language', 'es').send({});
    expect(english.body.code).toBe('VALIDATION_FAILED');
    expect(english.body.message).not.toBe('Algún dato no es válido.');
  });

  it('takes the language chosen at sign-up, refuses one it does not speak, and needs a token to change it', async () => {
    const reg = await api.http().post('/api/auth/register').send({ email: 'lola@example.com', password: 'correct horse battery', displayName: 'Lola', locale: 'es' });
    expect(reg.status).toBe(201);
    expect(reg.body.user.locale).toBe('es');
    const refused = await api.http().post('/api/auth/register').send({ email: 'pierre@example.com', password: 'correct horse battery', displayName: 'Pierre', locale: 'fr' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    const anonymous = await api.http().patch('/api/me').send({ locale: 'es' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('UNAUTHORIZED');
  });
});
