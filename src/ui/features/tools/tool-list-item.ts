// One row of the tool list, as the list and its rows (and the MCP server list's status dots) read it.
export type ToolStatus = 'valid' | 'errors' | 'unhealthy' | 'checking';

export interface ToolListItem {
  id: string;
  name: string;
  enabled: boolean;
  status: ToolStatus;
  /** One line telling why the status is what it is (first error, health detail). */
  statusDetail?: string;
}
