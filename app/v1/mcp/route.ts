import { handleMcpRequest } from "@/lib/mcp/handle-mcp-request";

// The MCP endpoint (lib/mcp): one handler for every method; the transport answers GET and
// DELETE with 405, as a stateless server offers no stream and no session.
export { handleMcpRequest as GET, handleMcpRequest as POST, handleMcpRequest as DELETE };
