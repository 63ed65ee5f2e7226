// The entrypoint is a function of package main taking the request as a map
// {method, query, headers, body} and returning the response body and an error.
package main

import "fmt"

func Handler(request map[string]any) (any, error) {
	query, _ := request["query"].(map[string]any)
	body, _ := request["body"].(map[string]any)
	greeting, ok := query["greeting"].(string)
	if !ok {
		greeting = "Hello"
	}
	return map[string]any{"message": fmt.Sprintf("%s, %v!", greeting, body["name"])}, nil
}
