// The Lambda bootstrap of a Go function on the OS-only runtime (provided.al2023): built into the
// function's binary, named bootstrap, it speaks Lambda's Runtime API itself (no library: the
// standard library only), calling the entrypoint with each invocation's payload (the request
// object) and answering {body}. An error or panic of the entrypoint is reported as the
// invocation's error, which the service turns into a 502.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
)

func fnqInvoke(request map[string]any) (body any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	// fnqEntrypoint is replaced by the function's entrypoint when the bootstrap is written (runners/go.ts).
	return fnqEntrypoint(request)
}

func fnqPost(url string, value any) {
	payload, _ := json.Marshal(value)
	if res, err := http.Post(url, "application/json", bytes.NewReader(payload)); err == nil {
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
}

func main() {
	api := "http://" + os.Getenv("AWS_LAMBDA_RUNTIME_API") + "/2018-06-01/runtime"
	for {
		res, err := http.Get(api + "/invocation/next")
		if err != nil {
			fmt.Fprintln(os.Stderr, "runtime API unreachable:", err)
			os.Exit(1)
		}
		id := res.Header.Get("Lambda-Runtime-Aws-Request-Id")
		event, _ := io.ReadAll(res.Body)
		res.Body.Close()
		var request map[string]any
		if err := json.Unmarshal(event, &request); err != nil {
			fnqPost(api+"/invocation/"+id+"/error", map[string]string{"errorType": "InvalidRequest", "errorMessage": err.Error()})
			continue
		}
		body, err := fnqInvoke(request)
		if err != nil {
			fnqPost(api+"/invocation/"+id+"/error", map[string]string{"errorType": "FunctionError", "errorMessage": err.Error()})
			continue
		}
		fnqPost(api+"/invocation/"+id+"/response", map[string]any{"body": body})
	}
}
