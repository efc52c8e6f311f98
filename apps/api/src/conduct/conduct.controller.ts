import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Roles } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { ApiErrors, ApiOk } from '../common/openapi';
import { FileViolationDto, MyConductDto, RevokeSanctionDto, SanctionResponseDto, ViolationFiledDto, ViolationResponseDto, ViolationsQueryDto } from './conduct.dto';
import { ConductService } from './conduct.service';

@ApiTags('conduct')
@ApiBearerAuth()
@Controller()
export class ConductController {
  constructor(private readonly service: ConductService) {}

  @Post('conduct/violations')
  @Roles('director')
  @ApiOk(ViolationFiledDto)
  @ApiErrors('NOT_FOUND', 'CHALLENGE_CLOSED', 'NOT_REGISTERED', 'ALREADY_DISQUALIFIED', 'OWN_CHALLENGE', 'NOT_YOUR_CITY', 'SANCTION_NOT_ALLOWED')
  @ApiOperation({ summary: 'File a conduct violation with sanctions (chat restriction, disqualification, suspension, ban, loss of Elite Six, prize forfeiture)' })
  file(@CurrentUser() user: AuthUser, @Body() dto: FileViolationDto) {
    return this.service.file(user, dto);
  }

  @Get('conduct/violations')
  @Roles('director', 'reviewer')
  @ApiOk([ViolationResponseDto])
  @ApiOperation({ summary: 'The conduct ledger: stalling, chat and director-filed violations with their sanctions' })
  list(@Query() q: ViolationsQueryDto) {
    return this.service.list(q);
  }

  @Post('conduct/sanctions/:id/revoke')
  @HttpCode(200)
  @Roles('director')
  @ApiOk(SanctionResponseDto)
  @ApiErrors('ALREADY_REVOKED', 'OWN_CHALLENGE', 'NOT_YOUR_CITY', 'SANCTION_NOT_ALLOWED')
  @ApiOperation({ summary: 'Revoke a sanction; its effect is undone' })
  revoke(@CurrentUser() user: AuthUser, @Param('id', uuidPipe()) id: string, @Body() dto: RevokeSanctionDto) {
    return this.service.revoke(user, id, dto.reason);
  }

  @Get('me/conduct')
  @Roles('competitor')
  @ApiOk(MyConductDto)
  @ApiOperation({ summary: 'My conduct record and any chat restriction in force' })
  mine(@CurrentUser() user: AuthUser) {
    return this.service.mine(user);
  }
}
