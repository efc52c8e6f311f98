import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public, Roles } from '../common/decorators';
import { ApiErrors, ApiOk } from '../common/openapi';
import { RulesApiService } from './rules-api.service';
import { AcceptancesPageDto, AcceptancesQueryDto, AcceptRulesDto, MyRulesDto, PublicRulesDto, PublishedRulesDto, PublishRulesDto, RulesAcceptedDto, RulesVersionParamDto, RulesVersionsDto } from './rules.dto';

/** SPEC 6 "Rules changes": published versions, each player's acceptance, and what staff see of them. */
@ApiTags('rules')
@Controller()
export class RulesController {
  constructor(private readonly service: RulesApiService) {}

  @Public()
  @Get('rules')
  @ApiOperation({ summary: 'The rules in force: version and summary of what changed (null when none was published)' })
  @ApiOk(PublicRulesDto)
  current(): Promise<PublicRulesDto> {
    return this.service.current();
  }

  @Get('me/rules')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Whether I accepted the rules in force (upToDate false: accept before registering, checking in or sitting at a table)' })
  @ApiOk(MyRulesDto)
  mine(@CurrentUser() user: AuthUser): Promise<MyRulesDto> {
    return this.service.mine(user);
  }

  @Post('me/rules/acceptances')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Accept the rules in force (again: the first acceptance stands)' })
  @ApiOk(RulesAcceptedDto)
  @ApiErrors('RULES_VERSION_NOT_CURRENT')
  accept(@CurrentUser() user: AuthUser, @Body() dto: AcceptRulesDto): Promise<RulesAcceptedDto> {
    return this.service.accept(user, dto.version);
  }

  @Post('admin/rules')
  @Roles('admin')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Publish a new version of the rules with a summary of what changed; every player is told (admin; audited)' })
  @ApiOk(PublishedRulesDto)
  publish(@CurrentUser() user: AuthUser, @Body() dto: PublishRulesDto): Promise<PublishedRulesDto> {
    return this.service.publish(user, dto.summary);
  }

  @Get('admin/rules')
  @Roles('director', 'reviewer')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Every published version with how many players accepted it (staff)' })
  @ApiOk(RulesVersionsDto)
  versions(): Promise<RulesVersionsDto> {
    return this.service.versions();
  }

  @Get('admin/rules/:version/acceptances')
  @Roles('director', 'reviewer')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Who accepted a version and when, newest first (staff)' })
  @ApiOk(AcceptancesPageDto)
  @ApiErrors('NOT_FOUND', 'INVALID_CURSOR', 'VALIDATION_FAILED')
  acceptances(@Param() p: RulesVersionParamDto, @Query() q: AcceptancesQueryDto): Promise<AcceptancesPageDto> {
    return this.service.acceptances(p.version, q.limit ?? 50, q.after);
  }
}
