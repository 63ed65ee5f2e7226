package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
)

func fnqCall(request map[string]any) (body any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	// fnqEntrypoint is replaced by the function's entrypoint when the runner is written (runners/go.ts).
	return fnqEntrypoint(request)
}

func main() {
	protocol := json.NewEncoder(os.NewFile(3, "protocol"))
	protocol.Encode(map[string]any{"ready": true})
	input := bufio.NewReaderSize(os.Stdin, 1<<20)
	for {
		line, readErr := input.ReadBytes('\n')
		if len(line) > 0 {
			var message map[string]any
			if err := json.Unmarshal(line, &message); err == nil {
				request, _ := message["request"].(map[string]any)
				body, err := fnqCall(request)
				reply := map[string]any{"id": message["id"], "ok": true, "body": body}
				if err != nil {
					reply = map[string]any{"id": message["id"], "ok": false, "error": err.Error()}
				}
				if err := protocol.Encode(reply); err != nil {
					protocol.Encode(map[string]any{"id": message["id"], "ok": false, "error": "the result is not JSON: " + err.Error()})
				}
			}
		}
		if readErr != nil {
			return
		}
	}
}
