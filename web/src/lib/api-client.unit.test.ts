// The console's API client with a name that cannot be a path segment (`..`, `.`, empty): such
// a name addresses no object, so the page hears "not found" without a request (a URL would
// drop the segment and reach another route), and the server is not taken for unreachable.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, serverReachable } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest with a name that is no path segment', () => {
  it.each(['..', '.', ''])('answers 404 for %j without sending anything', async (name) => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const asked = apiRequest('getVm', {
      params: {
        project_id: 'pj0000000000000000000000aa',
        location_name: 'eu-central-h1',
        vm_name: name,
      },
    } as never);
    await expect(asked).rejects.toBeInstanceOf(ApiError);
    await expect(asked).rejects.toMatchObject({
      status: 404,
      type: 'ResourceNotFound',
      message: 'Sorry, we couldn’t find the resource you’re looking for.',
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(serverReachable()).toBe(true);
  });
});
