# The entrypoint is a top-level method taking the request Hash {method, query, headers, body}
# and returning the response body.
def handler(request)
  greeting = request['query'].fetch('greeting', 'Hello')
  { 'message' => "#{greeting}, #{request['body']['name']}!" }
end
