<?php
// The entrypoint is a global function taking the request as an associative array
// {method, query, headers, body} and returning the response body.
function handler(array $request): array
{
    $greeting = $request['query']['greeting'] ?? 'Hello';
    return ['message' => "$greeting, {$request['body']['name']}!"];
}
