export interface Workspace {
  name: string;
  inputs: string[];
}
export const WORKSPACES: Workspace[];
export function inputsHash(workspace: Workspace, root?: string): string;
