// The AI-tool variant of a `usableAsTool` node, made as n8n 2.41.1 makes it: n8n-workflow exports
// no such function, the `n8n` package does (packages/cli/src/tool-generation/ai-tools.ts,
// convertNodeToAiTool, called by node-types.ts getByNameAndVersion when a workflow runs
// `<name>Tool`, and by createAiTools for the editor's node list). Copied here step for step, on a
// copy of the node (n8n clones it), so the engine can run it; test/e2e/package.test.ts checks the
// description n8n itself exports for the tool variants against what the nodes expect of it.
import { deepCopy, NodeConnectionTypes, type INodeProperties, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

export function toolVariantOf(nodeType: INodeType): INodeType {
	const description = deepCopy(nodeType.description) as INodeTypeDescription;
	description.name += 'Tool';
	description.inputs = [];
	description.outputs = [NodeConnectionTypes.AiTool];
	description.displayName += ' Tool';
	delete description.usableAsTool;
	const hasResource = description.properties.some((property) => property.name === 'resource');
	const hasOperation = description.properties.some((property) => property.name === 'operation');
	if (!description.properties.some((property) => property.name === 'toolDescription')) {
		const descriptionType: INodeProperties = {
			displayName: 'Tool Description',
			name: 'descriptionType',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Set Automatically', value: 'auto', description: 'Automatically set based on resource and operation' },
				{ name: 'Set Manually', value: 'manual', description: 'Manually set the description' },
			],
			default: 'auto',
		};
		const toolDescription: INodeProperties = {
			displayName: 'Description',
			name: 'toolDescription',
			type: 'string',
			default: description.description,
			required: true,
			typeOptions: { rows: 2 },
			description: 'Explain to the LLM what this tool does, a good, specific description would allow LLMs to produce expected results much more often',
		};
		// n8n puts them after the last callout; these nodes have none.
		description.properties.splice(0, 0, toolDescription);
		if (hasResource || hasOperation) {
			description.properties.splice(0, 0, descriptionType);
			toolDescription.displayOptions = { show: { descriptionType: ['manual'] } };
		}
	}
	return Object.create(nodeType, { description: { value: description } }) as INodeType;
}
