// The handler of a .NET function on Lambda's managed dotnet8 runtime: the build compiles it with the
// function's Function.cs into one assembly (buildspecs/dotnet.yml). Handler string:
// Function::FnqLambda::Handle. It calls the static method FNQ_ENTRYPOINT of the class Function with
// the invocation's payload (the request object, as a JsonElement) and answers {"body": <its result>}.
// An exception of the entrypoint becomes the invocation's error, which the service turns into a 502.
// Verified by the buildspec's and template's tests only: this machine has no .NET.
using System;
using System.IO;
using System.Reflection;
using System.Text.Json;
using Amazon.Lambda.Core;

public class FnqLambda
{
    private static readonly MethodInfo Entrypoint = FindEntrypoint();

    private static MethodInfo FindEntrypoint()
    {
        var name = Environment.GetEnvironmentVariable("FNQ_ENTRYPOINT");
        var method = typeof(Function).GetMethod(name ?? "", BindingFlags.Public | BindingFlags.Static);
        if (method == null) throw new MissingMethodException($"\"{name}\" is not a public static method of Function");
        return method;
    }

    public Stream Handle(Stream input, ILambdaContext context)
    {
        using var request = JsonDocument.Parse(input);
        if (request.RootElement.ValueKind != JsonValueKind.Object)
            throw new ArgumentException("the payload is not a JSON object");
        object body;
        try
        {
            body = Entrypoint.Invoke(null, new object[] { request.RootElement.Clone() });
        }
        catch (TargetInvocationException e) when (e.InnerException != null)
        {
            throw new Exception($"{e.InnerException.GetType().Name}: {e.InnerException.Message}");
        }
        var output = new MemoryStream();
        JsonSerializer.Serialize(output, new { body });
        output.Position = 0;
        return output;
    }
}
