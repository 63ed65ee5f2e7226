<?php
[, $fnqEntryFile, $fnqEntrypoint] = $argv;
$fnqProtocol = fopen('php://fd/3', 'w');
$fnqSend = fn ($message) => fwrite($fnqProtocol, json_encode($message, JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION) . "\n");
$fnqError = fn ($e) => get_class($e) . ': ' . $e->getMessage();

try {
    require $fnqEntryFile;
    if (!function_exists($fnqEntrypoint)) {
        throw new Error('"' . $fnqEntrypoint . '" is not a function defined in ' . basename($fnqEntryFile));
    }
} catch (Throwable $e) {
    $fnqSend(['fatal' => $fnqError($e)]);
    exit(1);
}

$fnqSend(['ready' => true]);
while (($fnqLine = fgets(STDIN)) !== false) {
    $fnqMessage = json_decode($fnqLine, true);
    try {
        $fnqReply = ['id' => $fnqMessage['id'], 'ok' => true, 'body' => $fnqEntrypoint($fnqMessage['request'])];
        if (json_encode($fnqReply) === false) {
            $fnqReply = ['id' => $fnqMessage['id'], 'ok' => false, 'error' => 'the result is not JSON: ' . json_last_error_msg()];
        }
    } catch (Throwable $e) {
        $fnqReply = ['id' => $fnqMessage['id'], 'ok' => false, 'error' => $fnqError($e)];
    }
    $fnqSend($fnqReply);
}
