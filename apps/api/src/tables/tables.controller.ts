import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators';
import { uuidPipe } from '../common/validation';
import { TablePublicView, TablesService } from './tables.service';

@ApiTags('tables')
@Controller('tables')
export class TablesController {
  constructor(private readonly service: TablesService) {}

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'A table\'s public view: seats, public board, scores, result' })
  get(@Param('id', uuidPipe()) id: string): Promise<TablePublicView> {
    return this.service.publicView(id);
  }
}
