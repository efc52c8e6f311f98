import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { City, DirectorCity } from '@dcs/db';

export class DirectorCityChangeDto {
  @ApiPropertyOptional({ maxLength: 500, description: 'why (kept in the audit entry)' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}

export class DirectorCityDto {
  @ApiProperty({ format: 'uuid' }) cityId!: string;
  @ApiProperty() name!: string;
  @ApiProperty() slug!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'the admin who assigned it (null: the director created the city)' }) assignedById!: string | null;
  @ApiProperty({ format: 'date-time' }) assignedAt!: string;

  static from(d: DirectorCity & { city: City }): DirectorCityDto {
    return { cityId: d.cityId, name: d.city.name, slug: d.city.slug, assignedById: d.assignedById, assignedAt: d.createdAt.toISOString() };
  }
}

export class DirectorDto {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() displayName!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ type: [DirectorCityDto] }) cities!: DirectorCityDto[];
}
