<?php
// The Lambda bootstrap of a PHP function on the OS-only runtime (provided.al2023), started by the
// artifact's `bootstrap` script with the PHP of the operator's layer (/opt/bin/php): it speaks
// Lambda's Runtime API itself (PHP's HTTP stream wrapper, no extension), calling the entrypoint
// (FNQ_ENTRYPOINT in FNQ_ENTRY_FILE) with each invocation's payload and answering {body}. An
// exception of the entrypoint is reported as the invocation's error, which the service turns into a 502.
$fnqApi = 'http://' . getenv('AWS_LAMBDA_RUNTIME_API') . '/2018-06-01/runtime';
$fnqEntrypoint = getenv('FNQ_ENTRYPOINT');

$fnqPost = function (string $url, $value): void {
    $context = stream_context_create(['http' => [
        'method' => 'POST',
        'header' => "Content-Type: application/json\r\n",
        'content' => json_encode($value, JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION),
        'ignore_errors' => true,
    ]]);
    file_get_contents($url, false, $context);
};
$fnqError = fn (Throwable $e) => ['errorType' => get_class($e), 'errorMessage' => $e->getMessage()];

try {
    require __DIR__ . '/' . getenv('FNQ_ENTRY_FILE');
    if (!function_exists($fnqEntrypoint)) {
        throw new Error('"' . $fnqEntrypoint . '" is not a function defined in ' . getenv('FNQ_ENTRY_FILE'));
    }
} catch (Throwable $e) {
    $fnqPost("$fnqApi/init/error", $fnqError($e));
    exit(1);
}

while (true) {
    $fnqEvent = file_get_contents("$fnqApi/invocation/next");
    if ($fnqEvent === false) {
        fwrite(STDERR, "runtime API unreachable\n");
        exit(1);
    }
    $fnqId = '';
    foreach ($http_response_header as $fnqHeader) {
        if (stripos($fnqHeader, 'Lambda-Runtime-Aws-Request-Id:') === 0) {
            $fnqId = trim(substr($fnqHeader, strlen('Lambda-Runtime-Aws-Request-Id:')));
        }
    }
    $fnqRequest = json_decode($fnqEvent, true);
    if (!is_array($fnqRequest)) {
        $fnqPost("$fnqApi/invocation/$fnqId/error", ['errorType' => 'InvalidRequest', 'errorMessage' => 'the payload is not a JSON object']);
        continue;
    }
    try {
        $fnqPost("$fnqApi/invocation/$fnqId/response", ['body' => $fnqEntrypoint($fnqRequest)]);
    } catch (Throwable $e) {
        $fnqPost("$fnqApi/invocation/$fnqId/error", $fnqError($e));
    }
}
