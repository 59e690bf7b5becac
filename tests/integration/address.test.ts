import { Value } from 'typebox/value';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Address } from '../../contracts/address.ts';
import { startAddressServer, type AddressServer } from '../helpers/address-server.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedWorld, signInAll } from '../helpers/world.ts';

/**
 * Address lookup (spec §7): the nearest Danish access address of a place and
 * a search by text, through the server from a service that speaks the
 * address service's format; cached, with a short timeout, and honest when
 * the service is slow, failing or turned off.
 */
describe('address lookup', () => {
  let service: AddressServer;
  let t: TestApp;
  let off: TestApp;
  let token: string;
  let offToken: string;

  const get = (app: TestApp, bearer: string | null, url: string) =>
    app.app.inject({
      method: 'GET',
      url,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });

  beforeAll(async () => {
    service = await startAddressServer();
    t = await startTestApp({ env: { ADDRESS_URL: service.url, ADDRESS_TIMEOUT_MS: '300' } });
    await seedWorld(t.database.db);
    token = (await signInAll(t.app)).tokens.userA;
    off = await startTestApp({ env: { ADDRESS_URL: 'off' } });
    await seedWorld(off.database.db);
    offToken = (await signInAll(off.app)).tokens.userA;
  });

  afterAll(async () => {
    await Promise.all([t.close(), off.close()]);
    await service.close();
  });

  beforeEach(() => {
    service.setDelay(0);
    service.setStatus(null);
  });

  it('gives the address of a place, how far it is, and asks the service once per place', async () => {
    const url = '/api/v2/address/reverse?lat=55.67995&lng=12.59070';
    const res = await get(t, token, url);
    expect(res.statusCode).toBe(200);
    const address = res.json<Address>();
    expect(Value.Check(Address, address)).toBe(true);
    expect(address).toMatchObject({
      text: 'Nyhavn 17, 1051 København K',
      street: 'Nyhavn',
      houseNumber: '17',
      postcode: '1051',
      city: 'København K',
      lat: 55.67989,
      lng: 12.59076,
    });
    expect(address.distance).toBeGreaterThan(0);
    expect(address.distance).toBeLessThan(15);
    const before = service.hits.get('/adgangsadresser/reverse');
    expect((await get(t, token, url)).json()).toEqual(address);
    expect(service.hits.get('/adgangsadresser/reverse')).toBe(before);
  });

  it('says so when no address lies within 500 m (the service answers the nearest, however far)', async () => {
    const res = await get(t, token, '/api/v2/address/reverse?lat=55.5&lng=11.0');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'No address within 500 m of this place' });
  });

  it('searches addresses by text', async () => {
    const res = await get(
      t,
      token,
      `/api/v2/address/search?q=${encodeURIComponent('rådhuspladsen aarhus')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<Address[]>().map((a) => a.text)).toEqual(['Rådhuspladsen 2, 8000 Aarhus C']);
    const none = await get(t, token, '/api/v2/address/search?q=Langtvækvej');
    expect(none.json()).toEqual([]);
  });

  it('answers 503 within the timeout when the service is slow or failing, and keeps no failure', async () => {
    service.setDelay(2_000);
    const began = Date.now();
    const slow = await get(t, token, '/api/v2/address/reverse?lat=55.6761&lng=12.5691');
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toMatchObject({
      message: 'The address service is not available right now; try again later',
    });
    // Far less than the service's two seconds (the timeout is 300 ms).
    expect(Date.now() - began).toBeLessThan(1_900);
    service.setDelay(0);
    service.setStatus(500);
    expect((await get(t, token, '/api/v2/address/search?q=Nyhavn')).statusCode).toBe(503);
    service.setStatus(null);
    const again = await get(t, token, '/api/v2/address/reverse?lat=55.6761&lng=12.5691');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ text: 'Rådhuspladsen 1, 1550 København V' });
  });

  it('refuses callers who are not signed in, and places and texts that are not ones', async () => {
    expect((await get(t, null, '/api/v2/address/reverse?lat=55.6&lng=12.5')).statusCode).toBe(401);
    for (const bad of [
      '/api/v2/address/reverse?lat=91&lng=12.5',
      '/api/v2/address/reverse?lat=55.6',
      '/api/v2/address/reverse?lat=abc&lng=12.5',
      '/api/v2/address/reverse?lat=55.6&lng=12.5&x=1',
      '/api/v2/address/search?q=a',
      '/api/v2/address/search?q=%20%20%20',
      `/api/v2/address/search?q=${'x'.repeat(201)}`,
    ]) {
      const res = await get(t, token, bad);
      expect([bad, res.statusCode]).toEqual([bad, 400]);
    }
  });

  it('says the lookup is turned off when ADDRESS_URL=off', async () => {
    const res = await get(off, offToken, '/api/v2/address/reverse?lat=55.6799&lng=12.5907');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: 'Address lookup is turned off on this server' });
  });
});
