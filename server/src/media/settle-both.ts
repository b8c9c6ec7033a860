/**
 * Waits for two pieces of work that run side by side and returns both results. Unlike
 * Promise.all it never returns while one of them still runs: when one fails, the other is still
 * waited for (it may be writing into a folder the caller is about to delete), then the first
 * failure is thrown.
 */
export async function settleBoth<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [ra, rb] = await Promise.allSettled([a, b]);
  if (ra.status === 'rejected') throw ra.reason;
  if (rb.status === 'rejected') throw rb.reason;
  return [ra.value, rb.value];
}
