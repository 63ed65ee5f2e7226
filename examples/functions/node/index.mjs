// spec.json names this function as its entrypoint. It receives {method, query, headers, body}
// and returns the response body (here a JSON object).
export function handler(request) {
  const greeting = request.query.greeting ?? 'Hello';
  return { message: `${greeting}, ${request.body.name}!` };
}
