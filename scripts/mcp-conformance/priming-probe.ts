// Our own check beside the suite's server-sse-polling (which speaks protocol 2025-03-26 on its raw POST,
// a version the SDK's server sends no priming event to, and calls test_reconnection, a tool only the
// suite's reference server has): as a 2025-11-25 client, does the server open a POST's event stream with
// a priming event, an id and `retry` first?
const accept = 'application/json, text/event-stream';

async function post(url: string, body: object, headers: Record<string, string> = {}) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept, ...headers }, body: JSON.stringify(body) });
}

export async function primingProbe(url: string): Promise<{ ok: boolean; detail: string }> {
  const init = await post(url, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'priming-probe', version: '1' } },
  });
  const session = init.headers.get('mcp-session-id') ?? '';
  await init.body?.cancel();
  const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
  await (await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).body?.cancel();
  const listed = await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers);
  if (!(listed.headers.get('content-type') ?? '').includes('text/event-stream')) {
    await listed.body?.cancel();
    return { ok: false, detail: `tools/list answered ${listed.headers.get('content-type')}, not an event stream` };
  }
  const reader = listed.body!.getReader();
  let text = '';
  while (!text.includes('\n\n')) {
    const { done, value } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  await reader.cancel();
  const first = text.split('\n\n')[0] ?? '';
  const id = /^id: ?(.+)$/m.exec(first)?.[1];
  const retry = /^retry: ?(\d+)$/m.exec(first)?.[1];
  const empty = !/^data: ?\S/m.test(first);
  return id && retry && empty
    ? { ok: true, detail: `first event: id ${id}, retry ${retry} ms, no data` }
    : { ok: false, detail: `first event was ${JSON.stringify(first)}` };
}
