// The page the recipient sees once an approval link has answered: the same words as n8n's own
// confirmation page ("Got it, thanks"), without its branding. The form's own page says the same
// after a submission.
export const RECORDED_PAGE = `<!DOCTYPE html>
<html lang="en">
	<head>
		<meta charset="UTF-8" />
		<meta name="viewport" content="width=device-width, initial-scale=1.0" />
		<title>Action recorded</title>
		<style>
			body { font-family: Open Sans, Arial, sans-serif; background-color: #fbfcfe; margin: 0; }
			.card { margin: 24px auto; max-width: 400px; padding: 24px; background: #fff; border: 1px solid #dbdfe7; border-radius: 8px; text-align: center; }
			h1 { color: #525356; font-size: 20px; font-weight: 400; margin: 0 0 8px; }
			p { color: #7e8186; font-size: 14px; margin: 0; }
		</style>
	</head>
	<body>
		<div class="card">
			<h1>Got it, thanks</h1>
			<p>This page can be closed now</p>
		</div>
	</body>
</html>
`;
