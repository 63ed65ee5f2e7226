require 'json'

entry_file, entrypoint = ARGV
protocol = IO.new(3, 'w')
protocol.sync = true
$stdout.sync = true

begin
  load entry_file
  unless Object.private_method_defined?(entrypoint) || Object.method_defined?(entrypoint)
    raise NameError, "\"#{entrypoint}\" is not a method defined in #{File.basename(entry_file)}"
  end
rescue Exception => e
  protocol.puts(JSON.generate({ 'fatal' => "#{e.class}: #{e.message}" }))
  exit 1
end

protocol.puts(JSON.generate({ 'ready' => true }))
$stdin.each_line do |line|
  message = JSON.parse(line)
  begin
    reply = JSON.generate({ 'id' => message['id'], 'ok' => true, 'body' => send(entrypoint, message['request']) })
  rescue StandardError => e
    reply = JSON.generate({ 'id' => message['id'], 'ok' => false, 'error' => "#{e.class}: #{e.message}" })
  end
  protocol.puts(reply)
end
