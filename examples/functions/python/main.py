# spec.json names this function as its entrypoint. It receives the request as a dict
# {method, query, headers, body} and returns the response body (here a JSON object).
def handler(request):
    greeting = request['query'].get('greeting', 'Hello')
    return {'message': f"{greeting}, {request['body']['name']}!"}
