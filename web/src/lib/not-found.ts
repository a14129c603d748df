import { notFound } from '@tanstack/react-router';
import { ApiError } from './api-client.ts';

/**
 * A detail route's loader: load the resource, and throw the route's "not found" when the API
 * answers one of `statuses` (404; 400 too where a malformed name or location cannot exist).
 */
export async function loadOrNotFound<T>(
  load: Promise<T>,
  statuses: readonly number[] = [404],
): Promise<T> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof ApiError && statuses.includes(err.status)) throw notFound();
    throw err;
  }
}
