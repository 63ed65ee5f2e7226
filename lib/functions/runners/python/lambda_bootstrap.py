import importlib, os

_module = importlib.import_module(os.environ['FNQ_ENTRY_FILE'][:-len('.py')])
_fn = getattr(_module, os.environ['FNQ_ENTRYPOINT'])

def handler(request, context):
    return {'body': _fn(request)}
