// HTTP calls to the server's own address; errors come back as {code, reason}.
export async function api(method, path, body, token, extra = {}) {
  const headers = { Accept: "application/json", ...extra };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  if (res.status !== 204) { try { data = await res.json(); } catch { data = null; } }
  if (!res.ok) {
    const err = new Error((data && data.reason) || `${res.status} ${res.statusText}`);
    err.code = (data && data.code) || String(res.status);
    err.status = res.status;
    throw err;
  }
  return data;
}
