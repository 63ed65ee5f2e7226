import importlib.util, json, os, sys

entry_file, entrypoint = sys.argv[1], sys.argv[2]
protocol = os.fdopen(3, 'w', encoding='utf-8')

def send(text):
    protocol.write(text + '\n')
    protocol.flush()

def error_text(e):
    return type(e).__name__ + ': ' + str(e)

try:
    sys.path.insert(0, os.path.dirname(entry_file))
    # Dependencies from requirements.txt, installed at build time beside this runner.
    sys.path.insert(1, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'python-packages'))
    spec = importlib.util.spec_from_file_location('main', entry_file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    fn = getattr(module, entrypoint, None)
    if not callable(fn):
        raise AttributeError('"' + entrypoint + '" is not a function in ' + os.path.basename(entry_file))
except BaseException as e:
    send(json.dumps({'fatal': error_text(e)}))
    sys.exit(1)

send(json.dumps({'ready': True}))
for line in sys.stdin:
    message = json.loads(line)
    try:
        reply = json.dumps({'id': message['id'], 'ok': True, 'body': fn(message['request'])})
    except Exception as e:
        reply = json.dumps({'id': message['id'], 'ok': False, 'error': error_text(e)})
    send(reply)
