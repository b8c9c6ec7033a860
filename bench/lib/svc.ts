/** A JSON body or answer of the generation API. */
export type Body = Record<string, unknown>;

/** Calls the generation API of a running likeness; throws on any answer but code 0. */
export async function svc(
  base: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: Body,
): Promise<Body> {
  const res = await fetch(`${base}/api/v2/svc${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as Body;
  if (answer.code !== 0) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}
