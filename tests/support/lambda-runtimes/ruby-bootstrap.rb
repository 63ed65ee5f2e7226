# A Ruby runtime for the Runtime Interface Emulator. AWS's client (the aws_lambda_ric gem) is on RubyGems,
# which this machine cannot reach, so this speaks Lambda's Runtime API itself, as Lambda's Ruby runtime does:
# load `file.method` from the task root, call method(event:, context:) for each invocation, post the result or
# the error. Standard library only.
#   ruby ruby-bootstrap.rb <file.method>
require 'json'
require 'net/http'

api = ENV.fetch('AWS_LAMBDA_RUNTIME_API')
base = "/2018-06-01/runtime"
http = Net::HTTP.new(*api.split(':'))
http.read_timeout = nil # the next invocation may be a long time coming

def error_body(error)
  { errorMessage: error.message, errorType: error.class.name, stackTrace: error.backtrace || [] }.to_json
end

file, method_name = ARGV.fetch(0).split('.', 2)
begin
  load File.join(ENV.fetch('LAMBDA_TASK_ROOT'), "#{file}.rb")
rescue Exception => e # rubocop:disable Lint/RescueException -- any load failure is an init error
  http.post("#{base}/init/error", error_body(e), 'Lambda-Runtime-Function-Error-Type' => 'Runtime.ImportModuleError')
  exit 1
end

loop do
  invocation = http.get("#{base}/invocation/next")
  id = invocation['Lambda-Runtime-Aws-Request-Id']
  context = { aws_request_id: id, deadline_ms: invocation['Lambda-Runtime-Deadline-Ms'].to_i }
  begin
    result = send(method_name, event: JSON.parse(invocation.body), context: context)
    http.post("#{base}/invocation/#{id}/response", result.to_json)
  rescue StandardError => e
    http.post("#{base}/invocation/#{id}/error", error_body(e), 'Lambda-Runtime-Function-Error-Type' => e.class.name)
  end
end
