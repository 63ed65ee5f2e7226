load File.join(ENV['LAMBDA_TASK_ROOT'], ENV['FNQ_ENTRY_FILE'])

def fnq_handler(event:, context:)
  { 'body' => send(ENV['FNQ_ENTRYPOINT'], event) }
end
