import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthUser, CurrentUser, Public, Roles } from '../common/decorators';
import { ApiErrors } from '../common/openapi';
import { uuidPipe } from '../common/validation';
import { AuditExportQueryDto, AuditExportRowDto, ChallengeResultExportRowDto, ExportQueryDto, StandingExportRowDto } from './exports.dto';
import { ApiExport, sendExport } from './export-stream';
import { ExportsService } from './exports.service';

const FORMATS = '`?format=csv` (RFC 4180, UTF-8, CRLF, a header row of the documented column names; a cell a person typed that starts with =, +, -, @, tab or CR gets a leading quote) or `?format=json` (an array of the same rows); without it `Accept: text/csv` gives CSV. Streamed as it is read; a download (Content-Disposition). Limited per client address (EXPORT_RATE_LIMIT).';

/** Exports for federations, clubs and spreadsheets (docs/operations.md, "For organisers"). */
@ApiTags('exports')
@Controller('exports')
@ApiErrors('EXPORT_FORMAT_UNSUPPORTED', 'RATE_LIMITED', 'RATE_LIMIT_UNAVAILABLE', 'EXPORTS_BUSY')
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Public()
  @Get('challenges/:id/results')
  @ApiOperation({ summary: `A completed challenge's results: every placement with the seed, rounds played, tables advanced from, ranking points, prize and disqualification. ${FORMATS}` })
  @ApiExport(ChallengeResultExportRowDto, 'the placements, best first (then by name)')
  @ApiErrors('CHALLENGE_NOT_COMPLETED')
  results(@Param('id', uuidPipe()) id: string, @Query() q: ExportQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    return sendExport(this.exports, req, res, q.format, () => this.exports.challengeResults(id));
  }

  @Public()
  @Get('cities/:cityId/seasons/:seasonId/standings')
  @ApiOperation({ summary: `A season's standings, every player in standings order with every tiebreaker column and the Elite Six seed (final once the season is closed, provisional before). ${FORMATS} ETag: 304 while the standings are unchanged.` })
  @ApiExport(StandingExportRowDto, 'every stored standings row, in standings order', { etag: true })
  standings(@Param('cityId', uuidPipe('cityId')) cityId: string, @Param('seasonId', uuidPipe('seasonId')) seasonId: string, @Query() q: ExportQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    return sendExport(this.exports, req, res, q.format, () => this.exports.standings(cityId, seasonId));
  }

  @Get('cities/:cityId/audit-log')
  @Roles('director')
  @ApiBearerAuth()
  @ApiOperation({ summary: `A city's audit log, oldest first, optionally \`from\`/\`to\` an instant: what its directors read of the log: the city's, its seasons', challenges', tables' and director calls' entries, how its games ended, and the tiers'. A director of the city or an admin; a director of another city is 403 NOT_YOUR_CITY. ${FORMATS} Never cached.` })
  @ApiExport(AuditExportRowDto, 'the entries, oldest first')
  @ApiErrors('NOT_YOUR_CITY')
  auditLog(@CurrentUser() user: AuthUser, @Param('cityId', uuidPipe('cityId')) cityId: string, @Query() q: AuditExportQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    return sendExport(this.exports, req, res, q.format, () => this.exports.cityAudit(user, cityId, q));
  }
}
