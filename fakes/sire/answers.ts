// The SIRE fake's answers that are not a route's data: SUNAT's 422 and 500 bodies with the words of
// the manuals' error lists, and the HTML pages nginx in front of the API gives
// (docs/sunat-sire-api.md, "Errors"); JSON is written as both SUNAT fakes write it (fakes/sunatServer.ts).
import type { ServerResponse } from 'node:http';

import { json } from '../sunatServer.ts';

/** SUNAT's 422 answer (manuals, "Mensaje Error"): the envelope and one error of the catalogue. */
export const unprocessable = (cod: string, msg: string) => ({
	cod: '422',
	msg: 'Unprocessable Entity - Se presentaron errores de validacion que impidieron completar el Request',
	errors: [{ cod, msg }],
});

/** The catalogue's words for the errors the fake gives (manuals, "Lista de errores 422"). */
export const ERRORS = {
	perFormat: ['1006', 'Formato de perTributario no cumple con el formato ‘yyyymm’'],
	perFuture: ['1007', 'El perTributario de búsqueda no debe ser mayor a la fecha actual'],
	noReceipts: ['1070', 'No se ha encontrado información de comprobantes de pago en Periodo Seleccionado'],
	noDocuments: ['1518', 'No existen documentos para exportar'],
	fileTypeMissing: ['1061', 'El campo "codTipoArchivo" es nulo o vacío'],
	fileType: ['1059', 'Código tipo de Archivo no permitido o no valido'],
	originMissing: ['1028', 'El campo “codOrigenEnvio” no enviado o es vacío'],
	origin: ['1029', 'Código tipo de Origen de Envio no permitido o no valido'],
	perIni: ['1067', 'El campo “perIni” no enviado o es vacío'],
	perFin: ['1071', 'El campo “perFin” no enviado o es vacío'],
	page: ['1076', "El campo 'page' no enviado o es vacío"],
	perPage: ['1079', "El campo 'perPage' no enviado o es vacío"],
	ticketFormat: ['1052', 'Formato no permitido o no valido para el número de Ticket'],
	reportName: ['1134', 'El campo “nomArchivoReporte” no enviado o es vacío'],
	reportType: ['2278', "El campo 'codTipoArchivoReporte' no enviado o es vacío"],
	book: ['1161', 'Código de Libro no permitido o no válido'],
	summaryType: ['1056', 'Solo se permite dato numérico de 1 dígito para el codTipoResumen'],
} as const;

export const refuse = (res: ServerResponse, [cod, msg]: readonly [string, string]) => json(res, 422, unprocessable(cod, msg));

/** SUNAT's 500 answer (manuals, "Result Fail"). */
export const INTERNAL_ERROR = {
	cod: '500',
	msg: 'Internal Server Error - Se presento una condicion inesperada que impidio completar el Request',
	exc: 'java.lang.NullPointerException at ...',
};

/** The HTML page nginx in front of the API answers with (a 500 for a route it lacks, a 429). */
export const nginxHtml = (status: number, reason: string) =>
	`<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

export function nginxPage(res: ServerResponse, status: number, reason: string, headers: Record<string, string> = {}) {
	res.writeHead(status, { 'content-type': 'text/html', ...headers });
	res.end(nginxHtml(status, reason));
}
