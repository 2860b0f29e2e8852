import { NodeOperationError, type INode } from 'n8n-workflow';

import { showValue, type Checked } from './validation';

/**
 * The value of a check, or the error n8n shows for it: which item, which field, the value the
 * user gave, the rule it breaks, and (as the description) what to do about it.
 */
export function requireValid<T>(
	node: INode,
	itemIndex: number,
	fieldName: string,
	raw: unknown,
	checked: Checked<T>,
): T {
	if (checked.valid) return checked.value;
	throw new NodeOperationError(
		node,
		`Item ${itemIndex}: ${fieldName} ${showValue(raw)} ${checked.problem}. Nothing was sent.`,
		{ itemIndex, description: checked.hint, level: 'warning' },
	);
}
