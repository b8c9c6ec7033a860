export interface Workspace {
  name: string;
  inputs: string[];
}
export const WORKSPACES: Workspace[];
export function inputsHash(workspace: Workspace, root?: string): string;
export const CATALOGUE: Workspace;
export function shipCatalogue(
  onlyIfChanged: boolean,
  root?: string,
  env?: Record<string, string | undefined>,
): 'off' | 'unchanged' | 'shipped' | 'failed';
