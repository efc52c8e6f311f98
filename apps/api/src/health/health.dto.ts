import { ApiProperty } from '@nestjs/swagger';

type Status = 'up' | 'down';

export class HealthServicesDto {
  @ApiProperty({ enum: ['up', 'down'] }) database!: Status;
  @ApiProperty({ enum: ['up', 'down'] }) redis!: Status;
}

export class HealthDto {
  @ApiProperty({ enum: ['ok'] }) status!: 'ok';
  @ApiProperty({ type: HealthServicesDto }) services!: HealthServicesDto;
}
